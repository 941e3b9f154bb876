import type { NextRequest } from 'next/server';
import { actorFor, answer, badRequest, json } from '@/lib/api/http';
import { parseInputForm } from '@/lib/api/route-params';
import { getConfig } from '@/lib/config';
import { RateLimiter } from '@/lib/net/rate-limit';
import { isCrossSite } from '@/lib/net/same-origin';

const MAX_BODY = 2048;

let limiter: RateLimiter | undefined;

/**
 * Statistics events (view and vote), form-encoded: POST /api/input.php. The answer body is passed
 * on. Posts from other sites are refused (403), and a visitor over INPUT_RATE_PER_MINUTE is told
 * to wait (429, Retry-After); the visitor is the address TRUST_PROXY lets us tell, keyed.
 */
export async function POST(request: NextRequest) {
  const config = getConfig();
  if (isCrossSite(request.headers, config.siteUrl)) {
    return json({ error: 1, code: 'cross_site', message: 'statistics are accepted from this site only' }, { status: 403 });
  }
  const actor = actorFor(request.headers);
  limiter ??= new RateLimiter(config.inputRatePerMinute);
  const wait = limiter.take(actor.key);
  if (wait !== null) {
    return json({ error: 1, code: 'rate_limited', message: `too many requests; retry in ${wait} s` }, { status: 429, headers: { 'retry-after': String(wait) } });
  }
  const type = request.headers.get('content-type') ?? '';
  if (!type.startsWith('application/x-www-form-urlencoded')) {
    return badRequest('the body must be application/x-www-form-urlencoded');
  }
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY) return badRequest(`the body must be at most ${MAX_BODY} bytes`);
  const text = await request.text();
  if (text.length > MAX_BODY) return badRequest(`the body must be at most ${MAX_BODY} bytes`);
  return answer(parseInputForm(new URLSearchParams(text)), async (form, source) => {
    const body = await source.input(form, actor);
    return json(body, { status: 'ok' in body ? 200 : body.code === 'not_found' ? 404 : 200 });
  });
}
