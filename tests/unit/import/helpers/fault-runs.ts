/**
 * Rows and a race shared by the writers' fault tests (tests/unit/import/sqlite-writer-faults.test.ts,
 * tests/pg/writer-faults.test.ts): feed rows numbered from their external id, and two runs of one
 * writer kind started at once.
 */
import type { CatalogWriter } from '@/lib/catalog/writer';
import type { FeedRow } from '@/lib/catalog/feed-row';

export const faultRow = (externalId: string): FeedRow => ({
  line: 1, externalId, title: `Zephyrine Lantern Walk ${externalId}`, dir: `walk-${externalId}`, description: 'A walk.',
  postDate: 1_700_000_000 + Number(externalId) * 3600, duration: 60 + Number(externalId), embedUrl: `https://embed.example.com/${externalId}`,
  thumbUrl: null, thumbs: [], previewUrl: null, categories: ['Lantern Walks', `Walks ${Number(externalId) % 3}`], tags: ['lantern'], models: [],
  views: 0, likes: 0, dislikes: 0,
});

/** Rows `from`..`to`. */
export const faultRows = (from: number, to: number): FeedRow[] => Array.from({ length: to - from + 1 }, (_, i) => faultRow(String(from + i)));

/**
 * Run a (source 'a') writes rows 1-20, run b (source 'b') is started meanwhile, a then writes rows
 * 41-50 after `waitMs` and finishes; b writes rows 21-40 when it gets its turn. Resolves to
 * whether b began before a finished.
 */
export async function twoRunsAtOnce(first: CatalogWriter, second: CatalogWriter, waitMs: number): Promise<{ secondBeganEarly: boolean }> {
  const a = await first.startRun('a');
  await first.writeBatch('a', a, faultRows(1, 20));
  let began = false;
  const secondRun = second.startRun('b').then(async (b) => {
    began = true;
    await second.writeBatch('b', b, faultRows(21, 40));
    await second.finish();
    await second.close();
  });
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  const secondBeganEarly = began;
  await first.writeBatch('a', a, faultRows(41, 50));
  await first.finish();
  await secondRun;
  return { secondBeganEarly };
}
