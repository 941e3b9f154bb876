import { answer, json } from '@/lib/kvs/http';
import { parseVideoPath } from '@/lib/kvs/route-params';

type Params = { lifetime: string; million: string; thousand: string; file: string };

/** One video: /api/json/video/{lifetime}/{million-bucket}/{thousand-bucket}/{video_id}.json */
export async function GET(_request: Request, { params }: { params: Promise<Params> }) {
  return answer(parseVideoPath(await params), async ({ id, lifetime }, source) => {
    const body = await source.video(id, lifetime);
    // A missing video is an answer too: 404 with { error: 1, code }, cached briefly.
    return 'video' in body && body.video ? json(body, { lifetime }) : json(body, { status: 404, lifetime: Math.min(lifetime, 300) });
  });
}
