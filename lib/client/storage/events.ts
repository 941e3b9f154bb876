/** Tells mounted components (bookmark buttons, local lists) that a store changed in this tab. */
export const STORAGE_EVENT = 'tubefront:storage';

export function emitStorageChange(store: string): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(STORAGE_EVENT, { detail: { store } }));
}

/** Subscribes to changes of one store (or all when store is omitted); returns the unsubscribe function. */
export function onStorageChange(listener: () => void, store?: string): () => void {
  if (typeof window === 'undefined') return () => {};
  const handler = (e: Event) => {
    const changed = (e as CustomEvent<{ store?: string }>).detail?.store;
    if (!store || !changed || changed === store) listener();
  };
  window.addEventListener(STORAGE_EVENT, handler);
  return () => window.removeEventListener(STORAGE_EVENT, handler);
}
