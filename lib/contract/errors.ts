import { noteSourceFailure } from './outage';

/**
 * Typed failures of a source. Pages let these propagate so that ISR keeps serving the last good page.
 * - timeout, network: no answer in time, or no connection;
 * - http: an HTTP error status (a 502 HTML page from the upstream's proxy is one);
 * - invalid-response: an answer that is not the API's JSON (an HTML page or an empty body with
 *   status 200, JSON of the wrong shape);
 * - upstream-error: the API's own error answer, `{ error, code }` with status 200 (`code` is kept);
 * - redirect: a redirect off the upstream's origin, which is never followed;
 * - internal: the embedded catalogue failed.
 */
export type SourceErrorKind = 'timeout' | 'network' | 'http' | 'invalid-response' | 'upstream-error' | 'redirect' | 'internal';

export class SourceError extends Error {
  readonly kind: SourceErrorKind;
  readonly status: number | undefined;
  /** The upstream's error code, for upstream-error. */
  readonly code: string | undefined;

  constructor(kind: SourceErrorKind, message: string, options: { status?: number; code?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'SourceError';
    this.kind = kind;
    this.status = options.status;
    this.code = options.code;
    noteSourceFailure();
  }
}
