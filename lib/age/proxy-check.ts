/**
 * The proxy's part of AGE_POLICY without the edge, for the requests the site's server marked
 * (lib/server/age-check-mark.mjs): a visitor of a blocked region gets the 451 answer, and the
 * demo's static video files are refused in a verify region without a pass (the route handlers of
 * the other media check for themselves: lib/age/media-guard.ts). Behind the shipped edge the 451
 * seldom comes from here: the edge blocks before its cache.
 */
import type { NextRequest, NextResponse } from 'next/server';
import { getConfig } from '@/lib/config';
import { AGE_CHECK_HEADER } from '@/lib/web/route-families';
import { visitorPolicy } from '@/lib/geo/region';
import { blockedResponse, openToBlocked } from './blocked-response';
import { mediaRefusalFor } from './media-guard';

export function ageCheck(request: NextRequest): NextResponse | null {
  if (!request.headers.has(AGE_CHECK_HEADER)) return null;
  const path = request.nextUrl.pathname;
  if (openToBlocked(path)) return null;
  const c = getConfig();
  const policy = visitorPolicy(request, c);
  if (policy === 'block') return blockedResponse(path, c.siteName);
  return path.startsWith('/demo/') ? mediaRefusalFor(request, policy, c) : null;
}
