import type { NextRequest } from 'next/server';
import { answer, json } from '@/lib/kvs/http';
import { parseSuggestText } from '@/lib/kvs/route-params';

/** Suggestions for typed text: /api/suggester.php?c={text} */
export async function GET(request: NextRequest) {
  return answer(parseSuggestText(request.nextUrl.searchParams), async (text, source) =>
    json(await source.suggest(text), { lifetime: 3600 }),
  );
}
