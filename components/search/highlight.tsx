/** Wraps the first case-insensitive occurrence of the typed text in <mark>. */
export function Highlight({ text, typed }: { text: string; typed: string }) {
  const needle = typed.trim().toLowerCase();
  const at = needle ? text.toLowerCase().indexOf(needle) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <mark>{text.slice(at, at + needle.length)}</mark>
      {text.slice(at + needle.length)}
    </>
  );
}
