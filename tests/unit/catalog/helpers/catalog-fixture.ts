import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SearchQuery, Source, VideosQuery } from '@/lib/contract/source';
import { type CatalogDb, openCatalogDb } from '@/lib/catalog/sqlite/db';
import { createEmbeddedSource } from '@/lib/catalog/sqlite/store';

/** Seed anchor (2025-06-15 12:00 UTC) and "now" one hour later, so tests never depend on the clock. */
export const SEED_NOW = 1_749_988_800;
export const NOW = SEED_NOW + 3600;
export const VIDEOS = 3000;

export interface Fixture {
  dir: string;
  db: CatalogDb;
  source: Source;
  close(): void;
}

/** A real SQLite catalogue in a temporary directory. */
export function openFixture(videos = VIDEOS): Fixture {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-catalog-'));
  const db = openCatalogDb(path.join(dir, 'catalog.db'), { seedVideos: videos, now: SEED_NOW });
  const source = createEmbeddedSource(db, { now: () => NOW });
  return {
    dir,
    db,
    source,
    close() {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function listQuery(overrides: Partial<VideosQuery> = {}): VideosQuery {
  return {
    lifetime: 86400,
    gender: 'str',
    sort: 'latest-updates',
    count: 60,
    section: '',
    objectId: '',
    page: 1,
    type: 'all',
    duration: 'all',
    date: 'all',
    ...overrides,
  };
}

export function searchQuery(term: string, overrides: Partial<SearchQuery> = {}): SearchQuery {
  return { lifetime: 86400, gender: 'str', count: 60, page: 1, type: 'all', duration: 'all', date: 'all', term, ...overrides };
}

/** "YYYY-MM-DD HH:MM:SS" (UTC) back to unix seconds. */
export function unixOf(postDate: string): number {
  return Date.parse(`${postDate.replace(' ', 'T')}Z`) / 1000;
}
