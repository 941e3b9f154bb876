/**
 * lib/catalog/source.ts over a store that answers later, as PostgreSQL does: here the real SQLite
 * store with its answers given as promises, and one listing total that fails once. The failed
 * total is not kept (the next request asks again) and the totals already taken stay remembered.
 */
import { SourceError } from '@/lib/contract/errors';
import { createCatalogSource } from '@/lib/catalog/source';
import type { CatalogStore, CountFilter } from '@/lib/catalog/store';
import { sqliteStore } from '@/lib/catalog/sqlite/store';
import { type Fixture, listQuery, NOW, openFixture } from './helpers/catalog-fixture';

let fx: Fixture;
beforeAll(() => {
  fx = openFixture(1000);
});
afterAll(() => fx.close());

/** The SQLite store answering through promises; counts every total asked, the first of `failing` fails. */
function laterStore(failing: CountFilter['duration']): { store: CatalogStore; asked: string[] } {
  const inner = sqliteStore(fx.db);
  const asked: string[] = [];
  let failed = false;
  const later = Object.fromEntries(
    Object.entries(inner).map(([k, v]) => [k, typeof v === 'function' && k !== 'failure' && k !== 'forgetLists' ? async (...a: unknown[]) => (v as (...x: unknown[]) => unknown)(...a) : v]),
  ) as unknown as CatalogStore;
  later.countListable = async (f, now) => {
    asked.push(f.duration);
    if (f.duration === failing && !failed) {
      failed = true;
      throw new Error('connection reset');
    }
    return inner.countListable(f, now);
  };
  return { store: later, asked };
}

it('drops a failed total alone: the next request asks again, the other totals stay', async () => {
  const { store, asked } = laterStore('2');
  const source = createCatalogSource(store, { now: () => NOW });
  const all = await source.videos(listQuery());
  const short = await source.videos(listQuery({ duration: '1' }));
  expect(asked).toEqual(['all', '1']);

  await expect(source.videos(listQuery({ duration: '2' }))).rejects.toBeInstanceOf(SourceError);
  const medium = await source.videos(listQuery({ duration: '2' }));
  expect(medium.videos.length).toBeGreaterThan(0);
  expect(asked).toEqual(['all', '1', '2', '2']);

  // The totals taken before the failure are still the ones remembered.
  expect((await source.videos(listQuery())).total_count).toBe(all.total_count);
  expect((await source.videos(listQuery({ duration: '1' }))).total_count).toBe(short.total_count);
  expect(asked).toEqual(['all', '1', '2', '2']);
});

it('answers as the store that answers at once does', async () => {
  const { store } = laterStore('3');
  const later = createCatalogSource(store, { now: () => NOW });
  for (const q of [listQuery({ sort: 'most-popular', date: 'week' }), listQuery({ section: 'category', objectId: 'travel' }), listQuery({ page: 3, count: 10 })]) {
    expect(await later.videos(q)).toEqual(await fx.source.videos(q));
  }
  expect(await later.main(14400, 'str', 'en')).toEqual(await fx.source.main(14400, 'str', 'en'));
  expect(await later.suggest('tr')).toEqual(await fx.source.suggest('tr'));
});
