/**
 * Search relevance at scale: npm run bench:relevance -- [--db data/bench.db]. The site ranks the
 * newest SEARCH_WINDOW matches of a search (lib/catalog/sqlite/search-query.ts) to stay under 10 ms at
 * 1,000,000 videos; this compares, term by term, its first page with the exhaustive ranking of
 * every match by the same relevance (title words first, then the tighter title, then the
 * newest), and prints how many of the exhaustive top 10 the bounded search shows in its top 10
 * and on its first page, with the true number of matches beside the capped total_count.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { searchMatch } from '@/lib/catalog/sqlite/fts-query';
import { byScore, searchTokens, titleScore } from '@/lib/catalog/relevance';
import { maxPublishedId, searchIds } from '@/lib/catalog/sqlite/search-query';
import { SEARCH_WINDOW } from '@/lib/catalog/search-limits';
import { parseFlags } from './lib/cli-args';

const flags = parseFlags(process.argv.slice(2));
const file = path.resolve(process.cwd(), flags.get('db') ?? 'data/bench.db');
const db = new Database(file, { readonly: true, fileMustExist: true });
const now = Math.floor(Date.now() / 1000);
const TERMS = ['walk', 'travel', 'harbour', 'morning walk', 'quiet harbour', 'sunset timelapse', 'golden sunset beach',
  'misty morning walk', 'glassblowing', 'velodrome', 'zebra crossing'];

/** Every match, ranked by the site's relevance: the answer without a window. */
function exhaustive(term: string): number[] {
  const tokens = searchTokens(term);
  const hi = maxPublishedId(db, now);
  const ids = db.prepare('SELECT rowid FROM video_fts WHERE video_fts MATCH ? AND rowid <= ?').pluck().all(searchMatch(tokens), hi) as number[];
  const title = db.prepare('SELECT title FROM videos WHERE id = ?').pluck();
  return ids
    .map((id) => ({ id, score: titleScore(tokens, title.get(id) as string) }))
    .sort(byScore)
    .map((s) => s.id);
}

console.log(`\n${'term'.padEnd(24)} ${'matches'.padStart(8)} ${'shown'.padStart(6)} ${'top10 in top10'.padStart(15)} ${'top10 on page 1'.padStart(16)}`);
let shared = 0;
let onPage = 0;
for (const term of TERMS) {
  const all = exhaustive(term);
  const bounded = searchIds(db, { term, gender: 'str', duration: 'all', date: 'all' }, now);
  const best = new Set(all.slice(0, 10));
  const top = bounded.slice(0, 10).filter((id) => best.has(id)).length;
  const page = bounded.slice(0, 60).filter((id) => best.has(id)).length;
  const want = Math.min(10, all.length);
  shared += want === 0 ? 1 : top / want;
  onPage += want === 0 ? 1 : page / want;
  console.log(
    `${term.padEnd(24)} ${String(all.length).padStart(8)} ${String(bounded.length).padStart(6)} ${`${top}/${want}`.padStart(15)} ${`${page}/${want}`.padStart(16)}`,
  );
}
console.log(
  `\nmean share of the exhaustive top 10: ${((shared / TERMS.length) * 100).toFixed(0)}% in the bounded top 10, ` +
    `${((onPage / TERMS.length) * 100).toFixed(0)}% on its first page (window ${SEARCH_WINDOW} matches)`,
);
db.close();
