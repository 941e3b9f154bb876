import { parseChannelsPath, parseEntitySort, parseFilter, parseModelsPath } from '@/lib/kvs/entity-params';

const models = (over: Record<string, string> = {}) =>
  parseModelsPath({ lifetime: '14400', gender: 'str', filt: 'filt..........', sort: 'title', count: '60', file: '1.json', ...over });
const channels = (over: Record<string, string> = {}) =>
  parseChannelsPath({ lifetime: '14400', gender: 'str', sort: 'title', count: '60', file: '..1.json', ...over });
const message = (r: { ok: boolean; message?: string }) => (r.ok ? null : r.message);

describe('the model index path', () => {
  it('parses the first page of every name, as the network\'s clients ask for it', () => {
    expect(models()).toEqual({ ok: true, value: { lifetime: 14400, gender: 'str', sort: 'title', letter: '', count: 60, page: 1 } });
  });

  it('takes a letter, and 0 for names that start otherwise', () => {
    expect(models({ filt: 'filt.k.........' })).toMatchObject({ ok: true, value: { letter: 'k' } });
    expect(models({ filt: 'filt.0.........' })).toMatchObject({ ok: true, value: { letter: '0' } });
  });

  it('passes the orientation and the page on', () => {
    expect(models({ gender: 'she', file: '7.json', count: '24' })).toMatchObject({ ok: true, value: { gender: 'she', page: 7, count: 24 } });
  });

  it('cuts the lifetime to the index\'s own', () => {
    expect(models({ lifetime: '31536000' })).toMatchObject({ ok: true, value: { lifetime: 14400 } });
    expect(models({ lifetime: '0' })).toMatchObject({ ok: true, value: { lifetime: 0 } });
  });

  it.each([
    ['a filter field it does not apply', { filt: 'filt.a..x.......' }, 'must be empty'],
    ['an upper-case letter', { filt: 'filt.K.........' }, 'letter'],
    ['two letters', { filt: 'filt.ab.........' }, 'letter'],
    ['nine fields', { filt: 'filt.........' }, '10 dot-separated'],
    ['eleven fields', { filt: 'filt...........' }, '10 dot-separated'],
    ['another word', { filt: 'filter..........' }, 'filt'],
    ['an unknown sort', { sort: 'random' }, 'sort must be one of'],
    ['an unknown orientation', { gender: 'all' }, 'gender'],
    ['page 0', { file: '0.json' }, 'page'],
    ['a page past the last', { file: '100000.json' }, 'page'],
    ['no .json', { file: '1' }, '{page}.json'],
    ['a dotted file', { file: '..1.json' }, '{page}.json'],
    ['count 0', { count: '0' }, 'count'],
    ['a negative lifetime', { lifetime: '-1' }, 'lifetime'],
  ])('refuses %s with a message', (_what, over, says) => {
    expect(message(models(over))).toContain(says);
  });
});

describe('the channel index path', () => {
  it('parses ..{page}.json', () => {
    expect(channels({ file: '..3.json', gender: 'gay', sort: 'newest' })).toEqual({
      ok: true,
      value: { lifetime: 14400, gender: 'gay', sort: 'newest', letter: '', count: 60, page: 3 },
    });
  });

  it.each([['3.json'], ['.3.json'], ['x.y.3.json'], ['..0.json'], ['..3'], ['...3.json']])('refuses the file name %s', (file) => {
    expect(channels({ file }).ok).toBe(false);
  });
});

describe('the index sorts', () => {
  it('take their own names', () => {
    for (const s of ['title', 'count-videos', 'most-popular', 'newest']) expect(parseEntitySort(s)).toBe(s);
  });

  it('take the network\'s spellings as the sort they mean: one query, whatever the spelling', () => {
    expect(parseEntitySort('count-videos-toptn')).toBe('count-videos');
    expect(parseEntitySort('most-viewed')).toBe('most-popular');
    expect(parseEntitySort('latest-updates')).toBe('newest');
    const a = models({ sort: 'latest-updates' });
    const b = models({ sort: 'newest' });
    expect(a).toEqual(b);
    expect(channels({ sort: 'count-videos-toptn' })).toEqual(channels({ sort: 'count-videos' }));
  });

  it.each(['constructor', 'toString', '__proto__', 'Title', 'top-rated', ''])('refuse %j', (s) => {
    expect(parseEntitySort(s)).toBeNull();
  });
});

describe('the filter segment', () => {
  it('is missing: a message, not a throw', () => {
    expect(parseFilter(undefined).ok).toBe(false);
  });
});
