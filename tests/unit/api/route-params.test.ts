import {
  parseCategoriesPath,
  parseInputForm,
  parseMainPath,
  parseRelatedPath,
  parseSearchQuery,
  parseSuggestText,
  parseSuggesterPath,
  parseVideoPath,
  parseVideofileQuery,
  parseVideosPath,
} from '@/lib/kvs/route-params';

const list = (file: string, over: Record<string, string> = {}) =>
  parseVideosPath({ lifetime: '86400', gender: 'str', sort: 'latest-updates', count: '60', file, ...over });

describe('the videos2 path', () => {
  it('parses the plain first page', () => {
    expect(list('..1.all...json')).toEqual({
      ok: true,
      value: {
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
      },
    });
  });

  it('parses a filtered category page, under the network\'s section name and the old one', () => {
    const r = list('categories.city-walks.40.all.2.week.json', { sort: 'top-rated' });
    expect(r.ok && r.value).toMatchObject({ section: 'category', objectId: 'city-walks', page: 40, duration: '2', date: 'week', sort: 'top-rated' });
    const old = list('category.city-walks.40.all.2.week.json', { sort: 'top-rated' });
    expect(old.ok && old.value).toMatchObject({ section: 'category', objectId: 'city-walks' });
  });

  it.each([
    ['model.pat-lane.2.all...json', 'model', 'pat-lane'],
    ['models.pat-lane.2.all...json', 'model', 'pat-lane'],
    ['channel.north-studio.2.all...json', 'channel', 'north-studio'],
    ['channels.north-studio.2.all...json', 'channel', 'north-studio'],
    ['tag.lake.2.all...json', 'tag', 'lake'],
    ['tags.lake.2.all...json', 'tag', 'lake'],
  ])('parses the section of %s under both of the network\'s spellings', (file, section, objectId) => {
    expect(list(file)).toMatchObject({ ok: true, value: { section, objectId, page: 2 } });
  });

  it('keeps the orientation asked for', () => {
    for (const gender of ['str', 'gay', 'she']) expect(list('..1.all...json', { gender })).toMatchObject({ ok: true, value: { gender } });
  });

  it.each(['model..1.all...json', 'channels..1.all...json', 'tag..1.all...json'])('needs the object of %s', (file) => {
    const r = list(file);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain('object_id is required');
  });

  it.each([
    ['constructor.x.1.all...json', {}],
    ['toString.x.1.all...json', {}],
    ['..0.all...json', {}],
    ['..-1.all...json', {}],
    ['..abc.all...json', {}],
    ['..99999.all...json', {}],
    ['..1.all....json', {}],
    ['..1.all...', {}],
    ['category..1.all...json', {}],
    ['users.x.1.all...json', {}],
    ['..1.all.9..json', {}],
    ['..1.all..year.json', {}],
    ['..1.all...json', { sort: 'random' }],
    ['..1.all...json', { count: '100000' }],
    ['..1.all...json', { lifetime: '-5' }],
    ['..1.all...json', { gender: 'x' }],
  ])('rejects %s %j with a message', (file, over) => {
    const r = list(file, over);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message.length).toBeGreaterThan(5);
  });
});

describe('the search query', () => {
  const q = (s: string) => parseSearchQuery(new URLSearchParams(s));

  it('parses params and s', () => {
    const r = q('params=86400/str/relevance/60/search..2.all.1.month&s=lake%20view');
    expect(r).toEqual({
      ok: true,
      value: { lifetime: 86400, gender: 'str', count: 60, page: 2, type: 'all', duration: '1', date: 'month', term: 'lake view' },
    });
  });

  it.each([
    'params=86400/str/relevance/60/search..1.all..&s=ab',
    `params=86400/str/relevance/60/search..1.all..&s=${'x'.repeat(70)}`,
    'params=86400/str/newest/60/search..1.all..&s=lake',
    'params=86400/str/relevance/60/list..1.all..&s=lake',
    'params=86400/str/relevance/60&s=lake',
    's=lake',
  ])('rejects %s', (s) => expect(q(s).ok).toBe(false));

  // One name per argument: an edge keys the term on s alone, so a second name would let one
  // search's answer be stored for another's.
  it('takes the term from s only: q is ignored like any other argument', () => {
    expect(q('params=86400/str/relevance/60/search..1.all..&q=waterfall').ok).toBe(false);
    const both = q('params=86400/str/relevance/60/search..1.all..&s=risotto&q=waterfall');
    expect(both.ok && both.value.term).toBe('risotto');
  });
});

describe('video and related paths', () => {
  it('checks the buckets against the id', () => {
    expect(parseVideoPath({ lifetime: '86400', million: '2000000', thousand: '2345000', file: '2345678.json' })).toEqual({
      ok: true,
      value: { id: 2345678, lifetime: 86400 },
    });
    expect(parseVideoPath({ lifetime: '86400', million: '0', thousand: '0', file: '2345678.json' }).ok).toBe(false);
    expect(parseVideoPath({ lifetime: '86400', million: '0', thousand: '0', file: 'abc.json' }).ok).toBe(false);
    expect(parseVideoPath({ lifetime: '86400', million: '0', thousand: '0', file: '0.json' }).ok).toBe(false);
  });

  it('parses related pages', () => {
    expect(parseRelatedPath({ lifetime: '432000', count: '10', million: '0', thousand: '1000', file: '1234.all.3.json' })).toEqual({
      ok: true,
      value: { lifetime: 432000, count: 10, videoId: 1234, page: 3 },
    });
    expect(parseRelatedPath({ lifetime: '432000', count: '10', million: '0', thousand: '1000', file: '1234.some.3.json' }).ok).toBe(false);
  });
});

describe('stats, suggester, categories and suggestions', () => {
  it('parses them', () => {
    expect(parseMainPath({ lifetime: '14400', file: 'str.en.json' })).toEqual({ ok: true, value: { lifetime: 14400, gender: 'str', lang: 'en' } });
    expect(parseMainPath({ lifetime: '14400', file: 'str.xx.json' }).ok).toBe(false);
    expect(parseSuggesterPath({ lifetime: '43200', file: '1000.json' })).toEqual({ ok: true, value: { lifetime: 43200, count: 1000 } });
    expect(parseCategoriesPath({ lifetime: '14400', file: 'str.toptn.en.json' })).toEqual({
      ok: true,
      value: { lifetime: 14400, gender: 'str', section: 'toptn', lang: 'en' },
    });
    expect(parseSuggestText(new URLSearchParams('c=%20lak%20'))).toEqual({ ok: true, value: 'lak' });
  });

  it('takes every categories section, and the network\'s spellings of them', () => {
    const cats = (file: string) => parseCategoriesPath({ lifetime: '14400', file });
    expect(cats('gay.title.de.json')).toEqual({ ok: true, value: { lifetime: 14400, gender: 'gay', section: 'title', lang: 'de' } });
    expect(cats('she.recent.en.json')).toMatchObject({ ok: true, value: { gender: 'she', section: 'recent' } });
    // 'all' is the network's clients' name of the list by count of videos; one answer for both.
    expect(cats('str.all.fr.json')).toEqual(cats('str.toptn.fr.json'));
    expect(cats('gay.all.json')).toEqual(cats('gay.toptn.en.json'));
    for (const file of ['str.count.en.json', 'str.toptn.json', 'str.title.json', 'all.json', 'xx.all.json', 'str.all.xx.json', 'str.constructor.en.json']) {
      const r = cats(file);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toContain('{gender}.all.json');
    }
    expect(parseSuggestText(new URLSearchParams('c=')).ok).toBe(false);
    expect(parseSuggestText(new URLSearchParams(`c=${'y'.repeat(70)}`)).ok).toBe(false);
  });
});

describe('lifetimes in paths', () => {
  const YEAR = '31536000';
  const lifetimeOf = (r: { ok: boolean; value?: unknown }) => (r.ok ? (r.value as { lifetime: number }).lifetime : null);

  it('accept a year, and keep at most the spec\'s lifetime of each path (docs/spec.md §9)', () => {
    expect(lifetimeOf(list('..1.all...json', { lifetime: YEAR }))).toBe(86400);
    expect(lifetimeOf(parseVideoPath({ lifetime: YEAR, million: '0', thousand: '1000', file: '1234.json' }))).toBe(86400);
    expect(lifetimeOf(parseRelatedPath({ lifetime: YEAR, count: '10', million: '0', thousand: '1000', file: '1234.all.1.json' }))).toBe(432000);
    expect(lifetimeOf(parseMainPath({ lifetime: YEAR, file: 'str.en.json' }))).toBe(14400);
    expect(lifetimeOf(parseSuggesterPath({ lifetime: YEAR, file: '1000.json' }))).toBe(43200);
    expect(lifetimeOf(parseCategoriesPath({ lifetime: YEAR, file: 'str.toptn.en.json' }))).toBe(14400);
    expect(lifetimeOf(parseVideofileQuery(new URLSearchParams({ video_id: '1234', lifetime: YEAR })))).toBe(864000);
    expect(lifetimeOf(parseSearchQuery(new URLSearchParams({ params: `${YEAR}/str/relevance/60/search..1.all..`, s: 'lake' })))).toBe(86400);
  });

  it('keep a shorter lifetime as asked (home rows, jsond\'s 0)', () => {
    expect(lifetimeOf(list('..1.all...json', { lifetime: '3600' }))).toBe(3600);
    expect(lifetimeOf(parseMainPath({ lifetime: '0', file: 'str.en.json' }))).toBe(0);
    expect(lifetimeOf(parseVideofileQuery(new URLSearchParams({ video_id: '1234' })))).toBe(864000);
  });

  it('still refuse what is not a lifetime', () => {
    expect(list('..1.all...json', { lifetime: '31536001' }).ok).toBe(false);
    expect(parseMainPath({ lifetime: '1e9', file: 'str.en.json' }).ok).toBe(false);
  });
});

describe('the input form', () => {
  const f = (s: string) => parseInputForm(new URLSearchParams(s));

  it('parses view and vote events', () => {
    expect(f('act=view&section=video&object_id=5&user_id=9')).toEqual({
      ok: true,
      value: { act: 'view', section: 'video', objectId: 5, userId: 9 },
    });
    expect(f('act=vote&section=video&object_id=5&vote=0')).toEqual({
      ok: true,
      value: { act: 'vote', section: 'video', objectId: 5, vote: 0 },
    });
  });

  it.each(['act=delete&object_id=5', 'act=vote&object_id=5&vote=2', 'act=vote&object_id=x&vote=1', 'act=view&object_id=5&user_id=-1', 'act=view&object_id=5&section=DROP%20TABLE'])(
    'rejects %s',
    (s) => expect(f(s).ok).toBe(false),
  );
});
