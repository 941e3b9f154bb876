import 'server-only';
import type Database from 'better-sqlite3';
import type { CategoryRow } from '../store';
import { contentVersion } from './content-version';
import { prepared } from './statements';


/** Categories change only through imports: read them again when the catalogue's content version moves. */
const cache = new WeakMap<Database.Database, { version: string; rows: CategoryRow[] }>();

export function allCategories(db: Database.Database): CategoryRow[] {
  const version = contentVersion(db);
  let entry = cache.get(db);
  if (!entry || entry.version !== version) {
    entry = { version, rows: prepared(db, 'SELECT id, dir, title, description FROM categories ORDER BY id').all() as CategoryRow[] };
    cache.set(db, entry);
  }
  return entry.rows;
}

export function categoryByDir(db: Database.Database, dir: string): CategoryRow | undefined {
  return allCategories(db).find((c) => c.dir === dir);
}
