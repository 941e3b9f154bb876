/** Inline SVG icons of the header (decorative: the links carry text labels). */
export function HistoryIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
      <path
        fill="currentColor"
        d="M13 3a9 9 0 0 0-9 9H1l3.9 3.9L9 12H6a7 7 0 1 1 2.05 4.95l-1.42 1.42A9 9 0 1 0 13 3Zm-1 5v5l4.25 2.52.77-1.28-3.52-2.09V8H12Z"
      />
    </svg>
  );
}

export function BookmarkIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
      <path fill="currentColor" d="M17 3H7a2 2 0 0 0-2 2v16l7-3 7 3V5a2 2 0 0 0-2-2Zm0 15-5-2.18L7 18V5h10v13Z" />
    </svg>
  );
}

export function MenuIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
      <path fill="currentColor" d="M3 6h18v2H3V6Zm0 5h18v2H3v-2Zm0 5h18v2H3v-2Z" />
    </svg>
  );
}

export function LogoMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" width="30" height="30">
      <rect width="32" height="32" rx="8" fill="var(--accent)" />
      <path d="M12.5 9.5v13l10-6.5-10-6.5Z" fill="var(--accent-contrast)" />
    </svg>
  );
}
