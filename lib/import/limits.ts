/**
 * What one feed may hold, whatever its format, so that a broken or hostile feed costs the import
 * bounded memory and time instead of the worker's heap. Lengths count UTF-16 code units (what a
 * JavaScript string measures), so a limit in "KB" is one of characters, not bytes.
 */

/** A field's value: far above any real title, description or embed code. */
export const MAX_FIELD_CHARS = 64 * 1024;
/** A line of a delimited feed, and a single XML token (text, CDATA, comment, tag). */
export const MAX_LINE_CHARS = 1024 * 1024;
/** One record (a JSON object, an XML <video>): its fields together. */
export const MAX_RECORD_CHARS = 1024 * 1024;

/** The reason a field is rejected for its length. */
export function fieldTooLong(name: string): string {
  return `${name} longer than ${MAX_FIELD_CHARS / 1024} KB`;
}
