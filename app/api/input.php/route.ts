import type { NextRequest } from 'next/server';
import { actorFor, answer, badRequest, json } from '@/lib/kvs/http';
import { readBodyText } from '@/lib/kvs/request-body';
import { parseInputForm } from '@/lib/kvs/route-params';
import { getConfig } from '@/lib/config';
import { RateLimiter } from '@/lib/net/rate-limit';
import { isCrossSite } from '@/lib/net/same-origin';

/** A view or a vote is a few short fields. */
const MAX_BODY = 2048;

let limiter: RateLimiter | undefined;

/**
 * Statistics events (view and vote), form-encoded: POST /api/input.php. The answer body is passed
 * on. Posts from other sites are refused (403), and a visitor over INPUT_RATE_PER_MINUTE is told
 * to wait (429, Retry-After); the visitor is the address TRUST_PROXY lets us tell, keyed. A body
 * over MAX_BODY is refused (413) as soon as its bytes pass the cap, chunked or not.
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
  const body = await readBodyText(request, MAX_BODY);
  if (!body.ok) return body.response;
  return answer(parseInputForm(new URLSearchParams(body.value)), async (form, source) => {
    const result = await source.input(form, actor);
    return json(result, { status: 'ok' in result ? 200 : result.code === 'not_found' ? 404 : 200 });
  });
}
