/**
 * The media of a verify region (thumbnails, previews, the player and its file list) are refused
 * on the server without a valid pass, so the gate is more than a blur. Such answers then differ
 * from one visitor to another: while any region verifies or blocks, they are private to the
 * browser (no shared cache may hand one visitor's answer to another) and vary on the cookie.
 */
import { NextResponse } from 'next/server';
import { getConfig, type Config } from '@/lib/config';
import { visitorPolicy } from '@/lib/geo/region';
import { AGE_PASS_COOKIE } from './cookies';
import { readPass } from './pass';
import { anyRegion, type AgePolicyKind } from './policy.mjs';
import { PRIVATE_HEADERS } from './plain-page';

/** Whether the media routes need to look at the visitor at all. */
export function mediaChecked(c: Pick<Config, 'agePolicy'>): boolean {
  return anyRegion(c.agePolicy, 'verify') || anyRegion(c.agePolicy, 'block');
}

type WithCookies = Pick<Request, 'headers'> & { cookies?: { get(name: string): { value: string } | undefined } };

function passCookie(request: WithCookies): string | undefined {
  if (request.cookies) return request.cookies.get(AGE_PASS_COOKIE)?.value;
  const m = new RegExp(`(?:^|;\\s*)${AGE_PASS_COOKIE}=([^;]*)`).exec(request.headers.get('cookie') ?? '');
  return m?.[1];
}

/** The refusal for a visitor of `policy` (403 without a valid pass in a verify region, 451 when blocked), or null. */
export function mediaRefusalFor(request: WithCookies, policy: AgePolicyKind, c: Config): NextResponse | null {
  if (policy === 'block') return NextResponse.json({ error: 1, code: 'unavailable_for_legal_reasons' }, { status: 451, headers: PRIVATE_HEADERS });
  if (policy !== 'verify' || readPass(c.agePassSecret, passCookie(request))) return null;
  return NextResponse.json(
    { error: 1, code: 'age_verification_required', message: 'verify your age first: /age/verify/' },
    { status: 403, headers: PRIVATE_HEADERS },
  );
}

/** A shared-cacheable answer made private to the browser, keyed on its cookies. */
function privately(response: Response): Response {
  const cc = response.headers.get('cache-control');
  if (cc) {
    const kept = cc.split(',').map((d) => d.trim()).filter((d) => d && d !== 'public' && !/^s-maxage=/i.test(d) && !/^stale-/i.test(d));
    response.headers.set('cache-control', ['private', ...kept].join(', '));
  }
  response.headers.append('vary', 'cookie');
  return response;
}

/** Runs a media route's `answer` for a visitor AGE_POLICY lets see it; without a verify or block region, just runs it. */
export async function withAgeCheck(request: WithCookies, answer: () => Response | Promise<Response>): Promise<Response> {
  const c = getConfig();
  if (!mediaChecked(c)) return answer();
  const refusal = mediaRefusalFor(request, visitorPolicy(request, c), c);
  return refusal ?? privately(await answer());
}
