import { answer, json } from '@/lib/kvs/http';
import { parseVideosPath } from '@/lib/kvs/route-params';

type Params = { lifetime: string; gender: string; sort: string; count: string; file: string };

/** Video lists: /api/json/videos2/{lifetime}/{gender}/{sort}/{count}/{section}.{object_id}.{page}.{type}.{duration}.{date}.json */
export async function GET(_request: Request, { params }: { params: Promise<Params> }) {
  return answer(parseVideosPath(await params), async (q, source) => json(await source.videos(q), { lifetime: q.lifetime }));
}
