import 'server-only';
import type Database from 'better-sqlite3';
import { prepared } from './statements';

export interface CategoryRow {
  id: number;
  dir: string;
  title: string;
  description: string;
}

/** Categories never change after seeding; read them once per connection. */
const cache = new WeakMap<Database.Database, CategoryRow[]>();

export function allCategories(db: Database.Database): CategoryRow[] {
  let rows = cache.get(db);
  if (!rows) {
    rows = prepared(db, 'SELECT id, dir, title, description FROM categories ORDER BY id').all() as CategoryRow[];
    cache.set(db, rows);
  }
  return rows;
}

export function categoryByDir(db: Database.Database, dir: string): CategoryRow | undefined {
  return allCategories(db).find((c) => c.dir === dir);
}
