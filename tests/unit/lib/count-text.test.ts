/**
 * Texts that count something read in the singular for one ('1 video', '1 view', '1 day ago') and
 * in the plural otherwise, wherever the count is shown.
 */
import fs from 'node:fs';
import path from 'node:path';
import { formatCount } from '@/lib/web/format';
import { ageText, countText, t } from '@/lib/i18n';
import en from '@/locales/en';

const root = path.resolve(__dirname, '..', '..', '..');

describe('countText', () => {
  it.each([
    ['listing.totalVideos', 1, '1 video'],
    ['listing.totalVideos', 0, '0 videos'],
    ['listing.totalVideos', 2, '2 videos'],
    ['listing.totalVideos', 12345, '12,345 videos'],
    ['categories.count', 1, '1 video'],
    ['categories.count', 544, '544 videos'],
    ['bookmarks.count', 1, '1 video'],
    ['video.views', 1, '1 view'],
    ['card.views', 1, '1 view'],
    ['card.views', 7, '7 views'],
    ['vote.likeCount', 1, 'Like, 1 like'],
    ['vote.dislikeCount', 2, 'Dislike, 2 dislikes'],
    ['myData.items', 1, '1 item'],
    ['myData.importedHistory', 0, '0 history entries'],
    ['myData.importedSearches', 1, '1 recent search'],
  ])('%s of %d reads "%s"', (key, n, text) => {
    expect(countText(key, n)).toBe(text);
  });

  it('picks the form by the number, whatever spelling of it is shown', () => {
    expect(countText('card.views', 1500, { count: formatCount(1500) })).toBe('1.5K views');
    expect(countText('card.views', 1, { count: formatCount(1) })).toBe('1 view');
  });

  it('says how old a video is in the singular for one', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    expect(ageText('2026-05-31T12:00:00Z', now)).toBe('1 day ago');
    expect(ageText('2026-05-29T12:00:00Z', now)).toBe('3 days ago');
    expect(ageText('2026-04-30T12:00:00Z', now)).toBe('1 month ago');
    expect(ageText('2024-05-01T12:00:00Z', now)).toBe('2 years ago');
  });
});

/** The keys of every text that has plural forms, as 'a.b'. */
function countKeys(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [];
  const entries = Object.entries(node as Record<string, unknown>);
  if (entries.every(([k, v]) => ['one', 'other'].includes(k) && typeof v === 'string')) return [prefix];
  return entries.flatMap(([k, v]) => countKeys(v, prefix ? `${prefix}.${k}` : k));
}

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('count texts in the locale', () => {
  const keys = countKeys(en);

  it('each has a singular and a plural', () => {
    expect(keys.length).toBeGreaterThan(5);
    for (const key of keys) {
      expect(t(`${key}.one`)).toContain('{count}');
      expect(t(`${key}.other`)).toContain('{count}');
    }
  });

  it('none is read with t(), which would show the key itself', () => {
    const offenders = ['app', 'components', 'lib'].flatMap(sources).flatMap((p) => {
      const text = fs.readFileSync(path.join(root, p), 'utf8');
      return [...text.matchAll(/\bt\(\s*'([a-zA-Z]+\.[a-zA-Z_.]+)'/g)].filter((m) => keys.includes(m[1]!)).map((m) => `${p}: ${m[1]}`);
    });
    expect(offenders).toEqual([]);
  });
});
