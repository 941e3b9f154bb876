import type { Readable } from 'node:stream';
import { LINE_TOO_LONG, numberedLineBatches } from '../lines';
import type { RawItem } from '../types';

export interface DelimitedLayout {
  separator: string;
  /** Field names by position; `pass` (or a name starting with `_`) skips a column. */
  columns: readonly string[];
  /** Fewest columns a line may have (defaults to all of them); lines may not have more than `columns`. */
  minColumns?: number;
  header: boolean;
  /** Fills in fields a format implies (e.g. the external id taken from a URL). */
  derive?: (fields: Map<string, string>) => void;
}

/** Values by field name; `pass` and `_`-prefixed columns are skipped. */
export function toFields(values: readonly string[], columns: readonly string[]): Map<string, string> {
  const fields = new Map<string, string>();
  values.forEach((v, i) => {
    const name = columns[i];
    if (name && name !== 'pass' && !name.startsWith('_')) fields.set(name, v);
  });
  return fields;
}

/** Separator-delimited feeds without quoting (KVS CSV, the tubes' dumps): one record per line. */
export async function* parseDelimited(input: Readable, layout: DelimitedLayout): AsyncGenerator<RawItem[]> {
  const min = layout.minColumns ?? layout.columns.length;
  const max = layout.columns.length;
  for await (const lines of numberedLineBatches(input)) {
    const out: RawItem[] = [];
    for (const { line, text, tooLong } of lines) {
      if (tooLong) {
        out.push({ reject: { line, reason: LINE_TOO_LONG } });
        continue;
      }
      if (layout.header && line === 1) continue;
      if (text.trim() === '') continue;
      const values = text.split(layout.separator);
      if (values.length < min || values.length > max) {
        const expected = min === max ? `${max}` : `${min} to ${max}`;
        out.push({ reject: { line, reason: `expected ${expected} columns, got ${values.length}` } });
        continue;
      }
      const fields = toFields(values, layout.columns);
      layout.derive?.(fields);
      out.push({ record: { line, fields } });
    }
    yield out;
  }
}
