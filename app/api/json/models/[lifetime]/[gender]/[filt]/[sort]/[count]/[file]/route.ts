import { answer, json } from '@/lib/kvs/http';
import { parseModelsPath } from '@/lib/kvs/entity-params';

type Params = { lifetime: string; gender: string; filt: string; sort: string; count: string; file: string };

/** The model index: /api/json/models/{lifetime}/{gender}/filt.{letter}........./{sort}/{count}/{page}.json */
export async function GET(_request: Request, { params }: { params: Promise<Params> }) {
  return answer(parseModelsPath(await params), async (q, source) =>
    json(await source.models(q), { lifetime: q.lifetime }),
  );
}
