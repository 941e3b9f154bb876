/**
 * A JSON-LD script. Names may come from an upstream: every '<' is escaped, so no text can close
 * the <script> element, and the line separators JavaScript parsers once choked on are escaped too.
 */
export function JsonLd({ data, id }: { data: Record<string, unknown>; id: string }) {
  const json = JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return <script type="application/ld+json" id={id} data-testid={id} dangerouslySetInnerHTML={{ __html: json }} />;
}
