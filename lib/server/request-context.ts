/**
 * A per-request context that spans the whole answer of one HTTP request: established by
 * lib/server/response-patches.ts when Node's server emits the request, read during the render
 * (server components) and when the head of the answer is written. Lives on globalThis because
 * instrumentation and the page bundles are compiled apart.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  /** Set by a render that answers with its outage message (components/outage). */
  outage?: boolean;
}

const KEY = Symbol.for('tubefront.requestContext');
type Holder = { [KEY]?: AsyncLocalStorage<RequestContext> };

export function requestContextStorage(): AsyncLocalStorage<RequestContext> {
  const holder = globalThis as Holder;
  holder[KEY] ??= new AsyncLocalStorage<RequestContext>();
  return holder[KEY];
}

/** Marks the current request's answer as an outage (503); a no-op outside a request. */
export function markOutage(): void {
  const context = requestContextStorage().getStore();
  if (context) context.outage = true;
}
