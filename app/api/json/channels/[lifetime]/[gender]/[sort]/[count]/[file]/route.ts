import { answer, json } from '@/lib/kvs/http';
import { parseChannelsPath } from '@/lib/kvs/entity-params';

type Params = { lifetime: string; gender: string; sort: string; count: string; file: string };

/** The channel index: /api/json/channels/{lifetime}/{gender}/{sort}/{count}/..{page}.json */
export async function GET(_request: Request, { params }: { params: Promise<Params> }) {
  return answer(parseChannelsPath(await params), async (q, source) =>
    json(await source.channels(q), { lifetime: q.lifetime }),
  );
}
