import type { NextRequest } from 'next/server';
import { answer, json } from '@/lib/kvs/http';
import { parseSearchQuery } from '@/lib/kvs/route-params';

/** Search: /api/videos2.php?params={lifetime}/{gender}/relevance/{count}/search.{object_id}.{page}.{type}.{duration}.{date}&s={term} */
export async function GET(request: NextRequest) {
  return answer(parseSearchQuery(request.nextUrl.searchParams), async (q, source) =>
    json(await source.search(q), { lifetime: Math.min(q.lifetime, 3600) }),
  );
}
