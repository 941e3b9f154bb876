import 'server-only';
import type Database from 'better-sqlite3';
import { normaliseKeyword } from '../keywords';
import { prepared } from './statements';


/**
 * Keywords starting with `text`, most popular first: a range scan on the lower-cased column
 * ([p, p + U+10FFFF) holds exactly the strings that start with p under binary collation).
 */
export function keywordsByPrefix(db: Database.Database, text: string, limit: number): string[] {
  const prefix = normaliseKeyword(text);
  if (prefix === '') return [];
  return prepared(
    db,
    `SELECT keyword FROM keywords INDEXED BY idx_keywords_prefix
     WHERE keyword_lc >= ? AND keyword_lc < ? ORDER BY popularity DESC, keyword_lc LIMIT ?`,
  )
    .pluck()
    .all(prefix, `${prefix}\u{10FFFF}`, limit) as string[];
}

export function topKeywords(db: Database.Database, limit: number): string[] {
  return prepared(
    db,
    'SELECT keyword FROM keywords INDEXED BY idx_keywords_popularity ORDER BY popularity DESC, keyword DESC LIMIT ?',
  )
    .pluck()
    .all(limit) as string[];
}
