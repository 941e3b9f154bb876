/** The stores of the browser database (./db.ts), by name: what a listener of one store's changes needs, without the database code. */
export const HISTORY_STORE = 'watch_history';
export const WATCH_LATER_STORE = 'watch_later';
