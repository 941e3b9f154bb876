/**
 * The answer to a visitor of a region AGE_POLICY blocks: 451 Unavailable For Legal Reasons
 * (RFC 7725), a JSON error under /api/, else a small page that says why. Private: it is about
 * this visitor's region, never one to store for others.
 */
import { NextResponse } from 'next/server';
import { escapeHtml, plainPageResponse, PRIVATE_HEADERS } from './plain-page';

/** Where the policy per region is explained; open to every region. */
export const AGE_INFO_PATH = '/information/age-assurance/';

export function blockedResponse(pathname: string, siteName: string): NextResponse {
  const link = { link: `<${AGE_INFO_PATH}>; rel="blocked-by"` };
  if (pathname.startsWith('/api/')) {
    return NextResponse.json(
      { error: 1, code: 'unavailable_for_legal_reasons', message: 'this site is not available in your region' },
      { status: 451, headers: { ...PRIVATE_HEADERS, ...link } },
    );
  }
  return plainPageResponse(
    451,
    'Unavailable in your region',
    `<p>${escapeHtml(siteName)} is an adult website. The law of the region you are visiting from does not let us offer it there, ` +
      'so it is not available to you (HTTP 451, Unavailable For Legal Reasons).</p>' +
      `<p><a href="${AGE_INFO_PATH}">How this site applies age-assurance rules per region</a></p>`,
    link,
  );
}

/** Paths a blocked visitor still reaches: the explanation and what the servers' health checks ask. */
export function openToBlocked(pathname: string): boolean {
  return pathname === AGE_INFO_PATH || pathname === '/api/health/' || pathname.startsWith('/_next/');
}
