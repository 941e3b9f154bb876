/**
 * 'notify' codes carried by API answers (error answers whose codes have the field 'notify'), from
 * the browser's API client (./api.ts) to the notification region.
 */
import type { RawCode } from '@/lib/contract/raw';

/** A notification the answer asks for: error answers with codes whose field is 'notify'. */
export interface NotifyCode {
  code: string;
  info: Record<string, string>;
}

type Listener = (n: NotifyCode) => void;
const listeners = new Set<Listener>();

/** Subscribes to 'notify' codes carried by any API answer; returns the unsubscribe function. */
export function onNotifyCode(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Passes an answer's 'notify' codes to the subscribers. */
export function announceCodes(body: unknown): void {
  if (typeof body !== 'object' || body === null) return;
  const b = body as { error?: unknown; codes?: RawCode[] };
  if (!b.error || !Array.isArray(b.codes)) return;
  for (const c of b.codes) {
    if (c && c.field === 'notify' && typeof c.code === 'string') {
      for (const l of listeners) l({ code: c.code, info: c.info ?? {} });
    }
  }
}
