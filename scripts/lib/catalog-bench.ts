/**
 * The catalogue benchmark's table of Source calls (every list, search, suggestion, related, video,
 * sitemap and category case the site makes), asked by scripts/bench.ts of either store
 * (lib/catalog/bench-catalog.ts) so that both catalogues answer exactly the same questions.
 */
import type { EntitiesQuery, SearchQuery, Source, VideosQuery } from '@/lib/contract/source';
import { ENTITY_SORTS, type DateFilter, type DurationFilter, type EntitySort, type Orientation, type Sort } from '@/lib/contract/types';
import { SITEMAP_FILE_VIDEOS } from '@/lib/data';
import { toVideoSummary } from '@/lib/kvs/reshape';
import { videoSitemapXml } from '@/lib/seo/sitemap';

export interface Result {
  name: string;
  median: number;
  p95: number;
  max: number;
  target: number;
}

export function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
}

function listQuery(sort: Sort, page: number, date: DateFilter, duration: DurationFilter, category = '', more: Partial<VideosQuery> = {}): VideosQuery {
  return {
    lifetime: 86400,
    gender: 'str',
    sort,
    count: 60,
    section: category ? 'category' : '',
    objectId: category,
    ...more,
    page,
    type: 'all',
    duration,
    date,
    ...more,
  };
}

/** A list of one model, channel or tag (a section of the list path). */
function sectionQuery(section: 'model' | 'channel' | 'tag', dir: string, sort: Sort, page: number, more: Partial<VideosQuery> = {}): VideosQuery {
  return listQuery(sort, page, 'all', 'all', '', { section, objectId: dir, ...more });
}

function entitiesQuery(sort: EntitySort, page: number, letter = '', gender: Orientation = 'str'): EntitiesQuery {
  return { lifetime: 86400, gender, sort, letter, count: 60, page };
}

function searchQuery(term: string, duration: DurationFilter = 'all', date: DateFilter = 'all'): SearchQuery {
  return { lifetime: 86400, gender: 'str', count: 60, page: 1, type: 'all', duration, date, term };
}

export interface TableOptions {
  source: Source;
  /** The same catalogue with listing counts never cached: what the first visitor after an expiry pays. */
  coldCounts: Source;
  videos: number;
  iterations: number;
  /** --only text: run just the cases whose name contains it (for tuning one area). */
  only?: string;
  /**
   * One daily move of the period windows (what the first request of a day pays for) and one full
   * rebuild, each timed by the caller's catalogue; called three times.
   */
  periodWindows: () => Promise<{ rollMs: number; rebuildMs: number }>;
}

/** Runs the whole table, printing a line per case; returns every case's figures. */
export async function runQueryTable(o: TableOptions): Promise<Result[]> {
  const { source, coldCounts, videos, iterations, only } = o;
  const warmup = Math.max(5, Math.floor(iterations / 10));
  const results: Result[] = [];

  async function bench(name: string, target: number, run: (i: number) => Promise<unknown>): Promise<void> {
    if (only && !name.includes(only)) return;
    for (let i = 0; i < warmup; i++) await run(i);
    const times: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const t = performance.now();
      await run(i);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const r = { name, median: quantile(times, 0.5), p95: quantile(times, 0.95), max: times[times.length - 1] ?? NaN, target };
    results.push(r);
    const flag = r.p95 < target ? '' : '  <-- over target';
    console.log(`${name.padEnd(58)} ${r.median.toFixed(2).padStart(7)} ${r.p95.toFixed(2).padStart(7)} ${r.max.toFixed(2).padStart(7)}${flag}`);
  }

  console.log(`\n${'case'.padEnd(58)} ${'median'.padStart(7)} ${'p95'.padStart(7)} ${'max'.padStart(7)}   (ms, ${iterations} runs)`);
  const sorts: Sort[] = ['latest-updates', 'most-popular', 'top-rated', 'longest', 'most-viewed', 'most-commented'];
  const filters: [DateFilter, DurationFilter][] = [['all', 'all'], ['week', 'all'], ['all', '2'], ['week', '2']];
  for (const sort of sorts) {
    for (const [date, duration] of filters) {
      for (const page of [1, 40]) {
        await bench(`videos ${sort} p${page} date=${date} dur=${duration}`, 10, () =>
          source.videos(listQuery(sort, page, date, duration)),
        );
      }
    }
  }
  await bench('videos latest-updates p1 date=month dur=3', 10, () => source.videos(listQuery('latest-updates', 1, 'month', '3')));
  await bench('videos most-popular p40 date=month dur=all', 10, () => source.videos(listQuery('most-popular', 40, 'month', 'all')));
  for (const category of ['travel', 'tennis']) {
    for (const sort of ['latest-updates', 'most-popular', 'top-rated', 'longest'] as Sort[]) {
      for (const page of [1, 40]) {
        await bench(`category ${category} ${sort} p${page}`, 10, () => source.videos(listQuery(sort, page, 'all', 'all', category)));
      }
    }
    await bench(`category ${category} most-popular p1 date=week dur=2`, 10, () =>
      source.videos(listQuery('most-popular', 1, 'week', '2', category)),
    );
  }
  // The home row "most popular today" (30), and the daily move of the period windows that the
  // first request of a day pays for (period-stats.ts in lib/catalog/sqlite and lib/catalog/postgres), beside a full rebuild.
  const homeDay = await source.videos({ ...listQuery('most-popular', 1, 'day', 'all'), count: 30, lifetime: 3600 });
  console.log(`home row "most popular today": ${homeDay.videos.length} videos, ${homeDay.total_count} watched today`);
  await bench('home row most-popular date=day count=30', 10, () =>
    source.videos({ ...listQuery('most-popular', 1, 'day', 'all'), count: 30, lifetime: 3600 }),
  );
  // Three moves and rebuilds take a minute at a million videos: with --only they run only when a
  // listing case ran above, or --only names them or a listing case below (--only search skips them).
  const listingsBelow = ['period windows', 'videos latest-updates p1, total_count not cached', 'videos most-popular p1 date=month, count not cached',
    'category travel p1, total_count not cached'];
  if (!only || results.length > 0 || listingsBelow.some((name) => name.includes(only))) {
    const rebuilds: number[] = [];
    const rolls: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { rollMs, rebuildMs } = await o.periodWindows();
      rolls.push(rollMs);
      rebuilds.push(rebuildMs);
    }
    const ms = (xs: number[]) => `median ${quantile([...xs].sort((a, b) => a - b), 0.5).toFixed(0)} ms`;
    console.log(`period windows moved by one day (3 runs): ${ms(rolls)}; full rebuild: ${ms(rebuilds)}`);
  }
  await bench('videos latest-updates p1, total_count not cached', 10, () => coldCounts.videos(listQuery('latest-updates', 1, 'all', 'all')));
  await bench('videos most-popular p1 date=month, count not cached', 10, () => coldCounts.videos(listQuery('most-popular', 1, 'month', 'all')));
  await bench('category travel p1, total_count not cached', 10, () => coldCounts.videos(listQuery('latest-updates', 1, 'all', 'all', 'travel')));

  // Common: one word, and ANDs of common words; "sunset morning walk" never has all three in a
  // title (one time of day per title), so it always needs the every-column index.
  const commonTerms = ['walk', 'travel', 'morning walk', 'quiet harbour', 'sunset timelapse', 'golden sunset beach',
    'misty morning walk', 'sunset morning walk'];
  for (const term of commonTerms) {
    await bench(`search common "${term}"`, 10, () => source.search(searchQuery(term)));
  }
  await bench('search common "walk" dur=2 date=week', 10, () => source.search(searchQuery('walk', '2', 'week')));
  await bench('search common "misty morning walk" dur=2', 10, () => source.search(searchQuery('misty morning walk', '2')));
  await bench('search common "morning walk" dur=3 date=month', 10, () => source.search(searchQuery('morning walk', '3', 'month')));
  for (const term of ['glassblowing', 'velodrome', 'hyperlapse cab', 'zebra crossing']) {
    await bench(`search rare "${term}"`, 10, () => source.search(searchQuery(term)));
  }
  await bench('search rare "glassblowing" dur=3', 10, () => source.search(searchQuery('glassblowing', '3')));
  await bench('search prefix fallback "harbo"', 10, () => source.search(searchQuery('harbo')));
  await bench('search word + prefix "quiet harb"', 10, () => source.search(searchQuery('quiet harb')));
  await bench('search no match "zzqx"', 10, () => source.search(searchQuery('zzqx')));
  await bench('search no match "quiet zzqx"', 10, () => source.search(searchQuery('quiet zzqx')));

  const prefixes = ['qu', 'ha', 'sun', 'mou', 'tra', 'quie', 'gol', 'wi'];
  await bench('suggest 2-4 letter prefixes (rotating)', 3, (i) => source.suggest(prefixes[i % prefixes.length] ?? 'qu'));
  await bench('suggester top 1000 keywords', 10, () => source.suggester(43200, 1000));

  // Spread over the catalogue so related is not measured on one warm video only.
  const ids = Array.from({ length: 64 }, (_, i) => 1 + Math.floor(((i * 7919) % 64) * (videos * 0.95) / 64));
  await bench('related page 1 (rotating videos)', 10, (i) => source.related({ lifetime: 432000, videoId: ids[i % ids.length] ?? 1, count: 10, page: 1 }));
  await bench('related page 3 (rotating videos)', 10, (i) => source.related({ lifetime: 432000, videoId: ids[i % ids.length] ?? 1, count: 10, page: 3 }));
  await bench('video detail (rotating videos)', 10, (i) => source.video(ids[i % ids.length] ?? 1, 86400));
  // Sitemaps at this size: the file list (memoised an hour by the site) and one file of 10,000.
  const sitemapRanges = await source.sitemapRanges!(SITEMAP_FILE_VIDEOS);
  console.log(`video sitemaps: ${sitemapRanges.length} files of up to ${SITEMAP_FILE_VIDEOS.toLocaleString('en-US')} videos`);
  await bench('sitemap file list (all ranges)', 2000, () => source.sitemapRanges!(SITEMAP_FILE_VIDEOS));
  const middle = sitemapRanges[Math.floor(sitemapRanges.length / 2)]?.range ?? 1;
  let sitemapBytes = 0;
  await bench(`sitemap file ${middle}: read + XML (rotating files)`, 500, async (i) => {
    const range = sitemapRanges[(Math.floor(sitemapRanges.length / 2) + i) % sitemapRanges.length]?.range ?? middle;
    const raw = await source.sitemapRange!(range, SITEMAP_FILE_VIDEOS);
    const xml = videoSitemapXml('https://www.example.com', raw.map((r) => ({ ...toVideoSummary(r), description: r.description })));
    sitemapBytes = Math.max(sitemapBytes, Buffer.byteLength(xml));
  });
  console.log(`largest sitemap file seen: ${(sitemapBytes / 1e6).toFixed(2)} MB (target 10 MB)`);
  await bench('categories toptn', 10, () => source.categories({ lifetime: 14400, gender: 'str', section: 'toptn', lang: 'en' }));
  await bench('categories recent gender=she', 10, () => source.categories({ lifetime: 14400, gender: 'she', section: 'recent', lang: 'en' }));
  await bench('main stats', 10, () => source.main(14400, 'str', 'en'));
  await bench('main stats gender=gay', 10, () => source.main(14400, 'gay', 'en'));
  await entityCases(o, bench);

  const over = results.filter((r) => r.p95 >= r.target);
  console.log(over.length === 0 ? '\nEvery p95 is under its target.' : `\n${over.length} case(s) over target.`);
  return results;
}

type Bench = (name: string, target: number, run: (i: number) => Promise<unknown>) => Promise<void>;

/**
 * Orientation, models, channels and tags (issue 26): the lists of each orientation, of the model
 * and channel with the most videos and of one from the middle, of the largest tag; the model and
 * channel indexes with each sort and a letter; their sitemaps.
 */
async function entityCases(o: TableOptions, bench: Bench): Promise<void> {
  const { source, coldCounts } = o;
  for (const gender of ['gay', 'she'] as const) {
    for (const sort of ['latest-updates', 'most-viewed', 'most-commented', 'top-rated', 'longest'] as Sort[]) {
      for (const page of [1, 40]) {
        await bench(`videos gender=${gender} ${sort} p${page}`, 10, () => source.videos(listQuery(sort, page, 'all', 'all', '', { gender })));
      }
    }
    await bench(`videos gender=${gender} most-popular p1 date=week dur=2`, 10, () => source.videos(listQuery('most-popular', 1, 'week', '2', '', { gender })));
    await bench(`category travel gender=${gender} most-viewed p1`, 10, () => source.videos(listQuery('most-viewed', 1, 'all', 'all', 'travel', { gender })));
    await bench(`videos gender=${gender} p1, total_count not cached`, 10, () => coldCounts.videos(listQuery('latest-updates', 1, 'all', 'all', '', { gender })));
  }
  const models = await source.models!(entitiesQuery('count-videos', 1));
  const modelCount = Number(models.total_count);
  const channels = await source.channels!(entitiesQuery('count-videos', 1));
  const middle = async (kind: 'models' | 'channels', total: number) => {
    const page = Math.max(1, Math.floor(total / 2 / 60));
    const r = kind === 'models' ? await source.models!(entitiesQuery('count-videos', page)) : await source.channels!(entitiesQuery('count-videos', page));
    return (kind === 'models' ? (r as typeof models).models : (r as typeof channels).channels)[0]?.dir ?? '';
  };
  const cases: [string, 'model' | 'channel' | 'tag', string][] = [
    ['model top', 'model', models.models[0]?.dir ?? ''],
    ['model mid', 'model', await middle('models', modelCount)],
    ['channel top', 'channel', channels.channels[0]?.dir ?? ''],
    ['channel mid', 'channel', await middle('channels', Number(channels.total_count))],
    ['tag 4k', 'tag', '4k'],
  ];
  for (const [label, section, dir] of cases) {
    const first = await source.videos(sectionQuery(section, dir, 'latest-updates', 1));
    console.log(`${label} (${dir}): ${Number(first.total_count).toLocaleString('en-US')} videos`);
    for (const sort of ['latest-updates', 'most-viewed', 'most-commented', 'top-rated', 'longest'] as Sort[]) {
      await bench(`${label} ${sort} p1`, 10, () => source.videos(sectionQuery(section, dir, sort, 1)));
    }
    const lastPage = Math.max(1, Math.min(40, Math.ceil(Number(first.total_count) / 60)));
    await bench(`${label} latest-updates p${lastPage}`, 10, () => source.videos(sectionQuery(section, dir, 'latest-updates', lastPage)));
    await bench(`${label} most-popular p1 date=month`, 10, () => source.videos(sectionQuery(section, dir, 'most-popular', 1, { date: 'month' })));
    await bench(`${label} gender=gay most-viewed p1`, 10, () => source.videos(sectionQuery(section, dir, 'most-viewed', 1, { gender: 'gay' })));
    await bench(`${label} p1, total_count not cached`, 10, () => coldCounts.videos(sectionQuery(section, dir, 'latest-updates', 1)));
  }
  console.log(`models index: ${modelCount.toLocaleString('en-US')} models, channels: ${Number(channels.total_count).toLocaleString('en-US')}`);
  for (const sort of ENTITY_SORTS) {
    await bench(`models index ${sort} p1`, 10, () => source.models!(entitiesQuery(sort, 1)));
    await bench(`models index ${sort} p100`, 10, () => source.models!(entitiesQuery(sort, 100)));
    await bench(`models index ${sort} letter=m p1`, 10, () => source.models!(entitiesQuery(sort, 1, 'm')));
    await bench(`models index ${sort} gender=she p1`, 10, () => source.models!(entitiesQuery(sort, 1, '', 'she')));
    await bench(`channels index ${sort} p1`, 10, () => source.channels!(entitiesQuery(sort, 1)));
  }
  await bench('models index title letter=m p10', 10, () => source.models!(entitiesQuery('title', 10, 'm')));
  await bench('models index, total_count not cached', 10, () => coldCounts.models!(entitiesQuery('count-videos', 1)));
  await bench('models index letter=m, total_count not cached', 10, () => coldCounts.models!(entitiesQuery('title', 1, 'm')));
  await bench('sitemap models page 1 (1,000)', 500, () => source.sitemapEntities!('model', 1, 1000));
  await bench('sitemap models last page (1,000)', 500, () => source.sitemapEntities!('model', Math.max(1, Math.ceil(modelCount / 1000)), 1000));
  await bench('sitemap tags', 500, () => source.sitemapEntities!('tag', 1, 1000));
}
