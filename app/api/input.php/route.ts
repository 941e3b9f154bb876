import type { NextRequest } from 'next/server';
import { actorFor, answer, badRequest, json } from '@/lib/api/http';
import { parseInputForm } from '@/lib/api/route-params';

const MAX_BODY = 2048;

/** Statistics events (view and vote), form-encoded: POST /api/input.php. The answer body is passed on. */
export async function POST(request: NextRequest) {
  const type = request.headers.get('content-type') ?? '';
  if (!type.startsWith('application/x-www-form-urlencoded')) {
    return badRequest('the body must be application/x-www-form-urlencoded');
  }
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY) return badRequest(`the body must be at most ${MAX_BODY} bytes`);
  const text = await request.text();
  if (text.length > MAX_BODY) return badRequest(`the body must be at most ${MAX_BODY} bytes`);
  const actor = actorFor(request.headers);
  return answer(parseInputForm(new URLSearchParams(text)), async (form, source) => {
    const body = await source.input(form, actor);
    return json(body, { status: 'ok' in body ? 200 : body.code === 'not_found' ? 404 : 200 });
  });
}
