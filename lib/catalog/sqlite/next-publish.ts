import 'server-only';
import type Database from 'better-sqlite3';
import { ORIENTATIONS } from '@/lib/contract/types';
import { NEXT_PUBLISH_SQL } from '../list-epoch';
import { prepared } from './statements';

/**
 * The first post_date after `now` (hidden videos too), or null: one seek in each orientation's part
 * of the latest index, which leads with the orientation (a min() over the whole table would scan it).
 */
export function nextPublish(db: Database.Database, now: number): number | null {
  const parts = ORIENTATIONS.map((_, g) => `SELECT * FROM (${NEXT_PUBLISH_SQL} @now AND gender = ${g})`).join(' UNION ALL ');
  return prepared(db, `SELECT min(at) FROM (${parts})`).pluck().get({ now }) as number | null;
}
