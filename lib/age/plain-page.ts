/**
 * The small self-contained pages of age assurance (451, the check's outcome, the test provider):
 * answered outside the site's layout, private to one visitor, never stored by a cache.
 */
import { NextResponse } from 'next/server';

export const PRIVATE_HEADERS = { 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' };

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** `body` is HTML already escaped by the caller. */
export function plainPage(title: string, body: string): string {
  return (
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>` +
    '<style>body{font:16px/1.5 system-ui,sans-serif;background:#0f1115;color:#e8e8ea;max-width:40rem;margin:10vh auto;padding:0 1rem}' +
    'a{color:#ff9d3d}button{font:inherit;padding:.5rem 1rem;margin:.25rem}label{display:block;margin:.5rem 0}</style>' +
    `</head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
  );
}

/** A 303 to `location` (a path of this site, or a provider's URL), private. */
export function seeOther(location: string): NextResponse {
  return new NextResponse(null, { status: 303, headers: { ...PRIVATE_HEADERS, location } });
}

export function plainPageResponse(status: number, title: string, body: string, headers: Record<string, string> = {}): NextResponse {
  return new NextResponse(plainPage(title, body), { status, headers: { ...PRIVATE_HEADERS, ...headers, 'content-type': 'text/html; charset=utf-8' } });
}
