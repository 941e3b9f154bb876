import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { resetDb } from '@/lib/client/storage/db';
import {
  addHistory,
  addWatchLater,
  clearHistory,
  clearWatchLater,
  countWatchLater,
  DB_NAME,
  DB_VERSION,
  hasWatchLater,
  HISTORY_STORE,
  listHistory,
  listWatchLater,
  listWatchLaterIds,
  listWatchLaterRecords,
  removeHistory,
  removeWatchLater,
  WATCH_LATER_STORE,
} from '@/lib/client/storage';
import { exportLocalData, importLocalData } from '@/lib/client/storage/local-data';
import { fromStoredVideo, toStoredVideo } from '@/lib/client/storage/records';
import type { VideoSummary } from '@/lib/contract/types';

const video = (id: number, title = `Video ${id}`): VideoSummary => ({
  id,
  dir: `video-${id}`,
  title,
  thumb: `/thumbs/${id}.svg`,
  thumbs: [],
  preview: null,
  duration: 61 * id,
  views: 1000 + id,
  postDate: '2024-05-01T10:00:00Z',
  rating: null,
  sgId: `sg${id}`,
});

beforeEach(() => {
  resetDb();
  globalThis.indexedDB = new IDBFactory();
});

describe('the database', () => {
  it('is api_storage version 1 with the spec stores and indexes', async () => {
    await countWatchLater();
    const db = await new Promise<IDBDatabase>((resolve) => {
      const r = indexedDB.open(DB_NAME);
      r.onsuccess = () => resolve(r.result);
    });
    expect(db.version).toBe(DB_VERSION);
    expect(DB_VERSION).toBe(1);
    expect([...db.objectStoreNames].sort()).toEqual([HISTORY_STORE, WATCH_LATER_STORE]);
    const tx = db.transaction([HISTORY_STORE, WATCH_LATER_STORE]);
    const later = tx.objectStore(WATCH_LATER_STORE);
    const history = tx.objectStore(HISTORY_STORE);
    expect(later.keyPath).toBe('id');
    expect(later.autoIncrement).toBe(true);
    expect(later.index('video_id').unique).toBe(true);
    expect(history.keyPath).toBe('id');
    expect(history.autoIncrement).toBe(true);
    expect(history.index('video_id').unique).toBe(false);
    db.close();
  });

  it('stores records with the spec field names', async () => {
    await addWatchLater(video(7));
    const [record] = (await listWatchLaterRecords()) ?? [];
    expect(record).toEqual({
      id: 1,
      video_id: 7,
      dir: 'video-7',
      title: 'Video 7',
      scr: '/thumbs/7.svg',
      preview_url: '',
      duration: 427,
      post_date: '2024-05-01T10:00:00Z',
      video_viewed: 1007,
      sg_id: 'sg7',
    });
  });
});

describe('watch later', () => {
  it('adds, refuses a duplicate video_id, and reports has/count/ids', async () => {
    expect(await addWatchLater(video(1))).toBe(true);
    expect(await addWatchLater(video(2))).toBe(true);
    expect(await addWatchLater(video(1))).toBe(false);
    expect(await countWatchLater()).toBe(2);
    expect(await hasWatchLater(1)).toBe(true);
    expect(await hasWatchLater(3)).toBe(false);
    expect(await listWatchLaterIds()).toEqual([1, 2]);
    expect((await listWatchLater())?.map((v) => v.id)).toEqual([2, 1]);
  });

  it('deletes by video_id and clears', async () => {
    await addWatchLater(video(1));
    await addWatchLater(video(2));
    expect(await removeWatchLater(1)).toBe(true);
    expect(await listWatchLaterIds()).toEqual([2]);
    expect(await clearWatchLater()).toBe(true);
    expect(await countWatchLater()).toBe(0);
  });

  it('round-trips a VideoSummary through a record', async () => {
    const v = { ...video(5), preview: '/p/5.mp4' };
    await addWatchLater(v);
    expect((await listWatchLater())?.[0]).toEqual(v);
  });
});

describe('history', () => {
  it('replaces an earlier record of the same video and lists newest first', async () => {
    await addHistory(video(1));
    await addHistory(video(2));
    await addHistory({ ...video(1), exTube: 'tube', exId: '99' });
    const entries = (await listHistory()) ?? [];
    expect(entries.map((e) => e.video.id)).toEqual([1, 2]);
    const records = await new Promise<unknown[]>((resolve) => {
      const r = indexedDB.open(DB_NAME);
      r.onsuccess = () => {
        const q = r.result.transaction(HISTORY_STORE).objectStore(HISTORY_STORE).getAll();
        q.onsuccess = () => resolve(q.result);
      };
    });
    expect(records).toHaveLength(2);
    expect(records[1]).toMatchObject({ video_id: 1, ex_tube: 'tube', ex_id: '99' });
  });

  it('deletes by record id and clears', async () => {
    await addHistory(video(1));
    await addHistory(video(2));
    const entries = (await listHistory()) ?? [];
    expect(await removeHistory(entries[0]!.key)).toBe(true);
    expect((await listHistory())?.map((e) => e.video.id)).toEqual([1]);
    expect(await clearHistory()).toBe(true);
    expect(await listHistory()).toEqual([]);
  });
});

describe('a database that cannot be opened', () => {
  const everyOperation = async () => [
    await addWatchLater(video(1)),
    await removeWatchLater(1),
    await clearWatchLater(),
    await listWatchLater(),
    await listWatchLaterIds(),
    await countWatchLater(),
    await hasWatchLater(1),
    await addHistory(video(1)),
    await removeHistory(1),
    await clearHistory(),
    await listHistory(),
  ];
  const quiet = [null, false, false, null, null, null, false, false, false, false, null];

  it('resolves quietly to false or null when indexedDB is missing', async () => {
    // @ts-expect-error simulating a browser without IndexedDB
    delete globalThis.indexedDB;
    expect(await everyOperation()).toEqual(quiet);
  });

  it('resolves quietly when open() fails', async () => {
    globalThis.indexedDB = {
      open: () => {
        const request = {} as IDBOpenDBRequest;
        setTimeout(() => request.onerror?.(new Event('error')), 0);
        return request;
      },
    } as unknown as IDBFactory;
    expect(await everyOperation()).toEqual(quiet);
  });

  it('resolves quietly when open() throws (privacy modes)', async () => {
    globalThis.indexedDB = {
      open: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as IDBFactory;
    expect(await everyOperation()).toEqual(quiet);
  });
});

describe('records', () => {
  it('reads lenient records of an earlier site and rejects ones without video_id', () => {
    expect(fromStoredVideo({ video_id: '12', title: 'x', duration: '1:02:03', video_viewed: '15', scr: 's' })).toMatchObject({
      id: 12,
      duration: 3723,
      views: 15,
      thumb: 's',
      preview: null,
    });
    expect(fromStoredVideo({ title: 'no id' })).toBeNull();
    expect(fromStoredVideo(null)).toBeNull();
    expect(toStoredVideo(video(3)).video_id).toBe(3);
  });
});

describe('export and import', () => {
  it('exports what is stored and imports it into an empty browser', async () => {
    await addWatchLater(video(1));
    await addHistory(video(2));
    const doc = await exportLocalData(new Date('2025-01-01T00:00:00Z'));
    expect(doc.watch_later).toHaveLength(1);
    expect(doc.watch_later[0]).not.toHaveProperty('id');

    resetDb();
    globalThis.indexedDB = new IDBFactory();
    const result = await importLocalData(JSON.stringify(doc));
    expect(result).toEqual({ bookmarks: 1, history: 1, searches: 0 });
    expect(await listWatchLaterIds()).toEqual([1]);
    expect((await listHistory())?.map((e) => e.video.id)).toEqual([2]);
    // a second import adds nothing twice
    expect(await importLocalData(JSON.stringify(doc))).toEqual({ bookmarks: 0, history: 1, searches: 0 });
    expect(await countWatchLater()).toBe(1);
  });

  it('refuses files that are not an export', async () => {
    expect(await importLocalData('not json')).toBeNull();
    expect(await importLocalData('{"format":"other","version":1}')).toBeNull();
    expect(
      await importLocalData(JSON.stringify({ format: 'tubefront-local-data', version: 1, watch_later: [{ title: 'no id' }] })),
    ).toEqual({ bookmarks: 0, history: 0, searches: 0 });
  });
});
