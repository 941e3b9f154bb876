import { answer, json } from '@/lib/kvs/http';
import { parseCategoriesPath } from '@/lib/kvs/route-params';

/** Categories: /api/json/categories/{lifetime}/{gender}.{section}.{lang}.json */
export async function GET(_request: Request, { params }: { params: Promise<{ lifetime: string; file: string }> }) {
  return answer(parseCategoriesPath(await params), async (q, source) => json(await source.categories(q), { lifetime: q.lifetime }));
}
