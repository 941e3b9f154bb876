/**
 * The answer to a visitor of a region AGE_POLICY blocks: 451 Unavailable For Legal Reasons
 * (RFC 7725), a JSON error under /api/, else a small page that says why. Private: it is about
 * this visitor's region, never one to store for others.
 */
import { NextResponse } from 'next/server';

/** Where the policy per region is explained; open to every region. */
export const AGE_INFO_PATH = '/information/age-assurance/';

const HEADERS = { 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' };

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function blockedPage(siteName: string): string {
  const name = escape(siteName);
  return (
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta name="robots" content="noindex"><title>Unavailable in your region - ${name}</title>` +
    '<style>body{font:16px/1.5 system-ui,sans-serif;background:#0f1115;color:#e8e8ea;max-width:40rem;margin:10vh auto;padding:0 1rem}a{color:#ff9d3d}</style>' +
    `</head><body><main><h1>Unavailable in your region</h1><p>${name} is an adult website. The law of the region you are visiting from ` +
    'does not let us offer it there, so it is not available to you (HTTP 451, Unavailable For Legal Reasons).</p>' +
    `<p><a href="${AGE_INFO_PATH}">How this site applies age-assurance rules per region</a></p></main></body></html>`
  );
}

export function blockedResponse(pathname: string, siteName: string): NextResponse {
  const link = { link: `<${AGE_INFO_PATH}>; rel="blocked-by"` };
  if (pathname.startsWith('/api/')) {
    return NextResponse.json(
      { error: 1, code: 'unavailable_for_legal_reasons', message: 'this site is not available in your region' },
      { status: 451, headers: { ...HEADERS, ...link } },
    );
  }
  return new NextResponse(blockedPage(siteName), { status: 451, headers: { ...HEADERS, ...link, 'content-type': 'text/html; charset=utf-8' } });
}

/** Paths a blocked visitor still reaches: the explanation and what the servers' health checks ask. */
export function openToBlocked(pathname: string): boolean {
  return pathname === AGE_INFO_PATH || pathname === '/api/health/' || pathname.startsWith('/_next/');
}
