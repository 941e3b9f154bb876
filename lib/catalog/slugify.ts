/**
 * The dir (URL slug) of an imported video, category or tag made from its title: by normalise.ts for a
 * feed row without a dir, and by both catalogue writers for the categories and tags they create.
 */
const ASCII_RE = /^[\x00-\x7f]*$/;

export function slugify(title: string): string {
  const lower = title.toLowerCase();
  // NFKD leaves ASCII as it is: most titles skip it (a tenth of the time of normalising a row).
  const slug = (ASCII_RE.test(lower) ? lower : lower.normalize('NFKD'))
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'video';
}
