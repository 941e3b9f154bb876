/**
 * The notification queue (docs/spec.md §3, §4 and §8): success or error, removed after 4 s or on
 * click. A tiny external store so that any client component can call notify() and the one
 * <Notifications /> region renders the queue with useSyncExternalStore.
 */
export type NotificationType = 'success' | 'error';

export interface Notification {
  id: number;
  type: NotificationType;
  text: string;
}

export const NOTIFICATION_LIFETIME_MS = 4000;
/** Older notifications beyond this are dropped at once, so a burst cannot flood the screen. */
export const MAX_NOTIFICATIONS = 5;

let items: readonly Notification[] = [];
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getNotifications(): readonly Notification[] {
  return items;
}

const EMPTY: readonly Notification[] = [];
export function getServerNotifications(): readonly Notification[] {
  return EMPTY;
}

export function dismiss(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  if (!items.some((n) => n.id === id)) return;
  items = items.filter((n) => n.id !== id);
  emit();
}

/** Shows a notification; returns its id. An identical text already shown is replaced (its timer restarts). */
export function notify(type: NotificationType, text: string): number {
  const same = items.find((n) => n.type === type && n.text === text);
  if (same) dismiss(same.id);
  const id = nextId++;
  items = [...items, { id, type, text }];
  while (items.length > MAX_NOTIFICATIONS) {
    const oldest = items[0];
    if (!oldest) break;
    dismiss(oldest.id);
  }
  timers.set(
    id,
    setTimeout(() => dismiss(id), NOTIFICATION_LIFETIME_MS),
  );
  emit();
  return id;
}

notify.success = (text: string) => notify('success', text);
notify.error = (text: string) => notify('error', text);

/** For tests. */
export function resetNotifications(): void {
  for (const t of timers.values()) clearTimeout(t);
  timers.clear();
  items = [];
  emit();
}
