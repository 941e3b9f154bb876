import { answer, json } from '@/lib/kvs/http';
import { parseRelatedPath } from '@/lib/kvs/route-params';

type Params = { lifetime: string; count: string; million: string; thousand: string; file: string };

/** Related videos: /api/json/videos_related2/{lifetime}/{count}/{million}/{thousand}/{video_id}.all.{page}.json */
export async function GET(_request: Request, { params }: { params: Promise<Params> }) {
  return answer(parseRelatedPath(await params), async (q, source) => json(await source.related(q), { lifetime: q.lifetime }));
}
