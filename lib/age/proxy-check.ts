/**
 * The proxy's part of AGE_POLICY's `block` without the edge: a request the site's server marked
 * (lib/server/age-block-mark.mjs, only while a region is blocked) from a blocked region gets the
 * 451 answer. Behind the shipped edge this seldom answers: the edge blocks before its cache.
 */
import type { NextRequest, NextResponse } from 'next/server';
import { getConfig } from '@/lib/config';
import { visitorPolicy } from '@/lib/geo/region';
import { blockedResponse, openToBlocked } from './blocked-response';

const MARK = 'x-tubefront-age-check';

export function ageBlock(request: NextRequest): NextResponse | null {
  if (!request.headers.has(MARK)) return null;
  const path = request.nextUrl.pathname;
  if (openToBlocked(path)) return null;
  const c = getConfig();
  return visitorPolicy(request, c) === 'block' ? blockedResponse(path, c.siteName) : null;
}
