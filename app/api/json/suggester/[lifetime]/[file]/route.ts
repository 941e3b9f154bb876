import { answer, json } from '@/lib/kvs/http';
import { parseSuggesterPath } from '@/lib/kvs/route-params';

/** Top keywords for suggestions: /api//json/suggester/{lifetime}/{count}.json (the spec's double slash is normalised). */
export async function GET(_request: Request, { params }: { params: Promise<{ lifetime: string; file: string }> }) {
  return answer(parseSuggesterPath(await params), async ({ lifetime, count }, source) =>
    json(await source.suggester(lifetime, count), { lifetime }),
  );
}
