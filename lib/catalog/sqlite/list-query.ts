import 'server-only';
import type Database from 'better-sqlite3';
import type { CountFilter, ListFilter } from '../store';
import { dateFrom, durationRange } from '../filters';
import { genderNo } from '../entity-kinds';
import { VISIBLE_STATUS_SQL } from '../status';
import { LIST_TABLES, type ListTable, SORT_PLANS } from './list-indexes';
import { prepared } from './statements';

const ANY_DURATION: [number, number] = [0, Number.MAX_SAFE_INTEGER];

/** The table a listing walks and its section key's value (none for all videos). */
export function listTableOf(f: Pick<CountFilter, 'categoryId' | 'entity'>): { t: ListTable; key: number | null } {
  if (f.entity) return { t: LIST_TABLES[f.entity.kind], key: f.entity.id };
  if (f.categoryId !== 0) return { t: LIST_TABLES.category, key: f.categoryId };
  return { t: LIST_TABLES.all, key: null };
}

/**
 * The WHERE of a listing (section key, orientation, date window or published, visible, duration)
 * and its arguments, in the order of the listing indexes' columns.
 */
export function listWhere(f: CountFilter, now: number, window: [number, number] | null): { where: string; args: number[] } {
  const { t, key } = listTableOf(f);
  const [minDur, maxDur] = durationRange(f.duration) ?? ANY_DURATION;
  const where = [
    ...(t.key ? [`${t.key} = ?`] : []),
    'gender = ?',
    window ? 'post_date BETWEEN ? AND ?' : 'post_date <= ?',
    VISIBLE_STATUS_SQL,
    'duration BETWEEN ? AND ?',
  ].join(' AND ');
  const args = [...(key === null ? [] : [key]), genderNo(f.gender), ...(window ?? [now]), minDur, maxDur];
  return { where, args };
}

/**
 * The ids of one page of a listing. Without a date filter the sort's own index is walked
 * in order and filtered in place (no sort step, cost grows with the offset only). With a
 * date filter the post_date index narrows the rows to at most 30 days, which are then
 * sorted: that index carries every sort column, so the table is never touched.
 * INDEXED BY pins these plans; the planner cannot guess how LIMIT/OFFSET play out.
 */
export function listVideoIds(db: Database.Database, f: ListFilter, now: number): number[] {
  const plan = SORT_PLANS[f.sort];
  const from = dateFrom(f.date, now);
  const { t } = listTableOf(f);
  const index = `${t.prefix}_${from !== null ? 'latest' : plan.index}`;
  const { where, args } = listWhere(f, now, from === null ? null : [from, now]);
  const sql = `SELECT ${t.id} FROM ${t.table} INDEXED BY ${index} WHERE ${where}
    ORDER BY ${plan.order.replaceAll('{id}', t.id)} LIMIT ? OFFSET ?`;
  return prepared(db, sql).pluck().all(...args, f.limit, f.offset) as number[];
}
