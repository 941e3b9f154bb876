import 'server-only';
import type Database from 'better-sqlite3';
import type { ListFilter } from '../store';
import type { Sort } from '@/lib/types';
import { dateFrom, durationRange } from '../filters';
import { VISIBLE_STATUS_SQL } from '../status';
import { prepared } from './statements';

interface SortPlan {
  /** ORDER BY with {id} for the id column (id in videos, video_id in video_categories). */
  order: string;
  /** Index walked in order when there is no date filter. */
  index: string;
  categoryIndex: string;
}

const PLANS: Record<Sort, SortPlan> = {
  'latest-updates': { order: 'post_date DESC, {id} DESC', index: 'idx_v_latest', categoryIndex: 'idx_vc_latest' },
  'most-popular': { order: 'views DESC, {id} DESC', index: 'idx_v_views', categoryIndex: 'idx_vc_views' },
  'most-viewed': { order: 'views DESC, {id} DESC', index: 'idx_v_views', categoryIndex: 'idx_vc_views' },
  'top-rated': { order: 'rating DESC, likes DESC, {id} DESC', index: 'idx_v_rating', categoryIndex: 'idx_vc_rating' },
  longest: { order: 'duration DESC, {id} DESC', index: 'idx_v_duration', categoryIndex: 'idx_vc_duration' },
  'most-commented': { order: 'comments DESC, {id} DESC', index: 'idx_v_comments', categoryIndex: 'idx_vc_comments' },
};


const ANY_DURATION: [number, number] = [0, Number.MAX_SAFE_INTEGER];

/**
 * The ids of one page of a listing. Without a date filter the sort's own index is walked
 * in order and filtered in place (no sort step, cost grows with the offset only). With a
 * date filter the post_date index narrows the rows to at most 30 days, which are then
 * sorted: that index carries every sort column, so the table is never touched.
 * INDEXED BY pins these plans; the planner cannot guess how LIMIT/OFFSET play out.
 */
export function listVideoIds(db: Database.Database, f: ListFilter, now: number): number[] {
  const plan = PLANS[f.sort];
  const from = dateFrom(f.date, now);
  const [minDur, maxDur] = durationRange(f.duration) ?? ANY_DURATION;
  const inCategory = f.categoryId !== 0;
  const idCol = inCategory ? 'video_id' : 'id';
  const table = inCategory ? 'video_categories' : 'videos';
  const index =
    from !== null ? (inCategory ? 'idx_vc_latest' : 'idx_v_latest') : inCategory ? plan.categoryIndex : plan.index;
  const where = [
    ...(inCategory ? ['category_id = ?'] : []),
    from !== null ? 'post_date BETWEEN ? AND ?' : 'post_date <= ?',
    VISIBLE_STATUS_SQL,
    'duration BETWEEN ? AND ?',
  ].join(' AND ');
  const sql = `SELECT ${idCol} FROM ${table} INDEXED BY ${index} WHERE ${where}
    ORDER BY ${plan.order.replaceAll('{id}', idCol)} LIMIT ? OFFSET ?`;
  const args: number[] = [
    ...(inCategory ? [f.categoryId] : []),
    ...(from !== null ? [from, now] : [now]),
    minDur,
    maxDur,
    f.limit,
    f.offset,
  ];
  return prepared(db, sql).pluck().all(...args) as number[];
}
