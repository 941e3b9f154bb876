import { Suspense } from 'react';
import { t } from '@/lib/i18n';
import { markOutage } from '@/lib/server/request-context';
import styles from '@/components/layout/not-found-content.module.css';
import { ContainOutage } from './contain-outage';

/** Thrown (inside a Suspense boundary) so that Next treats the render as failed and never caches it. */
export class SourceOutageError extends Error {
  constructor() {
    super('The catalogue source failed: this page shows its outage message and is not cached');
    this.name = 'SourceOutageError';
    // Logged by Next for every outage answer: one line, not a stack (attempt() already logged the cause).
    this.stack = `${this.name}: ${this.message}`;
  }
}

async function FailRender(): Promise<never> {
  throw new SourceOutageError();
}

/**
 * Rendered next to a page's own failure message (the empty/error message of a listing,
 * docs/spec.md §8, or OutageMessage) when its source failed: a render failure inside a Suspense boundary.
 * The server HTML keeps the message, readable without JavaScript; the failure keeps the answer out
 * of the page cache (Next never stores a failed render, so the first request after the source is
 * back renders the real page); it marks the request, so that lib/server/response-patches.ts
 * answers 503 with Retry-After. In the browser the failure is
 * `contained` (nothing shows; listings keep their message), or reaches the segment's error boundary
 * (the video page's goes to /404/, docs/spec.md §8).
 */
export function OutageGuard({ contained = true }: { contained?: boolean }) {
  markOutage();
  const fail = (
    <Suspense fallback={null}>
      <FailRender />
    </Suspense>
  );
  return contained ? <ContainOutage>{fail}</ContainOutage> : fail;
}

/** The generic outage message, for pages other than listings. */
export function OutageMessage() {
  return (
    <div className={styles.box} data-outage="">
      <h1 className={styles.title}>{t('error.title')}</h1>
      <p className={styles.text}>{t('error.text')}</p>
    </div>
  );
}
