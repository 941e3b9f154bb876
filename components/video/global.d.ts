/** Global values the host page may set (docs/spec.md §3): the visitor's country and a logged-in user. */
export {};

declare global {
  interface Window {
    country_code?: string;
    user?: { user_id?: number | string } | null;
  }
}
