/** Typed failures of a source. Pages let these propagate so that ISR keeps serving the last good page. */
export type SourceErrorKind = 'timeout' | 'network' | 'http' | 'invalid-response' | 'internal';

export class SourceError extends Error {
  readonly kind: SourceErrorKind;
  readonly status: number | undefined;

  constructor(kind: SourceErrorKind, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'SourceError';
    this.kind = kind;
    this.status = options.status;
  }
}
