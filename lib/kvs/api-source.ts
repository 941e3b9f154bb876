import type { Source } from '@/lib/contract/source';
import { withAbsoluteMedia } from './absolute-media';

/** The Source methods whose answers carry media URLs. */
const MEDIA_ANSWERS = ['videos', 'search', 'related', 'video', 'main', 'categories', 'suggest', 'models', 'channels'] as const satisfies readonly (keyof Source)[];

const wrapped = new WeakMap<Source, { origin: string; source: Source }>();

/**
 * The source as the API answers from it: the embedded catalogue's media URLs made absolute under
 * `siteUrl`'s origin (./absolute-media.ts). An upstream's answers pass through as they come: its
 * URLs are its own, and a root-relative one there is relative to the upstream, not to this site.
 */
export function apiSource(source: Source, siteUrl: string): Source {
  if (source.name === 'upstream') return source;
  const origin = new URL(siteUrl).origin;
  const kept = wrapped.get(source);
  if (kept && kept.origin === origin) return kept.source;
  const out: Record<string, unknown> = Object.create(source) as Record<string, unknown>;
  for (const name of MEDIA_ANSWERS) {
    const method = source[name] as ((...args: unknown[]) => Promise<unknown>) | undefined;
    if (typeof method === 'function') out[name] = async (...args: unknown[]) => withAbsoluteMedia(await method.apply(source, args), origin);
  }
  const api = out as unknown as Source;
  wrapped.set(source, { origin, source: api });
  return api;
}
