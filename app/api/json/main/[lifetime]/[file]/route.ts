import { answer, json } from '@/lib/kvs/http';
import { parseMainPath } from '@/lib/kvs/route-params';

/** Site stats (top keywords, models, channels, categories): /api/json/main/{lifetime}/{gender}.{lang}.json */
export async function GET(_request: Request, { params }: { params: Promise<{ lifetime: string; file: string }> }) {
  return answer(parseMainPath(await params), async ({ lifetime, gender, lang }, source) =>
    json(await source.main(lifetime, gender, lang), { lifetime }),
  );
}
