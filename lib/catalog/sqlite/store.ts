import 'server-only';
/**
 * The catalogue in an embedded SQLite file, as a store (../store.ts): each answer is one of this
 * folder's queries, on the event loop. Writes of the running site never wait for the write lock
 * there (site-write.ts): an import may hold it.
 */
import { SourceError } from '@/lib/contract/errors';
import type { Source } from '@/lib/contract/source';
import { type CatalogSourceOptions, createCatalogSource } from '../source';
import type { CatalogStore, CategoryRow } from '../store';
import { changeSecret } from './change-secret';
import { contentVersion } from './content-version';
import { countListable } from './counts';
import { countEntities, entityByDir, entityRows, listEntityIds, sitemapEntities } from './entity-query';
import type { CatalogDb } from './db';
import { recordView, recordVote } from './input-actions';
import { listVideoIds } from './list-query';
import { countPeriod, ensurePeriodStats, listPeriodIds } from './period-stats';
import { relatedIds } from './related-query';
import { searchIds } from './search-query';
import { writeWhenFree } from './site-write';
import { sitemapRange, sitemapRanges } from './sitemap-query';
import { nextPublish } from './next-publish';
import { prepared } from './statements';
import { keywordsByPrefix, topKeywords } from './suggest-query';
import { loadVideoDetail } from './video-detail';
import { isListable, loadListRows } from './video-rows';
import { forgetPastVoters, voterKey } from './voter-key';

/**
 * The store over a connection. `db` may be a function so that the site's store opens (and on
 * first run seeds) the file only when a page first asks for data.
 */
export function sqliteStore(db: CatalogDb | (() => CatalogDb)): CatalogStore {
  const open = typeof db === 'function' ? db : () => db;
  return {
    name: 'embedded',
    contentVersion: () => contentVersion(open()),
    nextPublish: (now) => nextPublish(open(), now),
    // Its search keeps its date windows' bounds by content version (search-query.ts).
    forgetLists: () => {},
    categories: () => prepared(open(), 'SELECT id, dir, title, description FROM categories ORDER BY id').all() as CategoryRow[],
    countListable: (f, now) => countListable(open(), f, now),
    listIds: (f, now) => listVideoIds(open(), f, now),
    ensurePeriodStats: (now) => ensurePeriodStats(open(), now),
    countPeriod: (period, categoryId, duration, gender, entity) => countPeriod(open(), period, categoryId, duration, gender, entity),
    listPeriodIds: (f, now) => listPeriodIds(open(), f, now),
    listRows: (ids, now) => loadListRows(open(), ids, now),
    searchIds: (f, now) => searchIds(open(), f, now),
    relatedIds: (videoId, now) => relatedIds(open(), videoId, now),
    videoDetail: (id, now) => loadVideoDetail(open(), id, now),
    isListable: (id, now) => isListable(open(), id, now),
    topKeywords: (limit) => topKeywords(open(), limit),
    keywordsByPrefix: (text, limit) => keywordsByPrefix(open(), text, limit),
    sitemapRanges: (size, now) => sitemapRanges(open(), size, now),
    sitemapRange: (range, size, now) => sitemapRange(open(), range, size, now),
    entityByDir: (kind, dir) => entityByDir(open(), kind, dir),
    countEntities: (kind, gender, letter) => countEntities(open(), kind, gender, letter),
    listEntityIds: (f) => listEntityIds(open(), f),
    entityRows: (kind, ids, gender, now) => entityRows(open(), kind, ids, gender, now),
    sitemapEntities: (kind, page, size) => sitemapEntities(open(), kind, page, size),
    input: (form, visitor, voteSalt, now) => {
      const conn = open();
      return writeWhenFree(conn, () => {
        const t = now();
        if (form.act === 'view') return recordView(conn, form.objectId, t);
        return recordVote(conn, form.objectId, form.vote, voterKey(conn, voteSalt, visitor, t), t);
      });
    },
    changeSecret: (configured, create) => changeSecret(open(), configured, create),
    forgetPastVoters: (now) => {
      const conn = open();
      return writeWhenFree(conn, () => forgetPastVoters(conn, now));
    },
    failure: (what, cause) => new SourceError('internal', `Embedded catalogue failed in ${what}`, { cause }),
  };
}

/** The catalogue in the SQLite file `db` as a Source (tests and benches; the site's comes from open.ts). */
export function createEmbeddedSource(db: CatalogDb | (() => CatalogDb), options: CatalogSourceOptions = {}): Source {
  return createCatalogSource(sqliteStore(db), options);
}
