import {
  buckets,
  categoriesUrl,
  channelsUrl,
  modelsUrl,
  inputBody,
  mainUrl,
  relatedToken,
  relatedUrl,
  searchUrl,
  suggestUrl,
  suggesterUrl,
  videoUrl,
  videofileUrl,
  videosUrl,
} from '@/lib/kvs/urls';

describe('videos2 list URLs', () => {
  it('builds the plain first page from the defaults', () => {
    expect(videosUrl()).toBe('/api/json/videos2/86400/str/latest-updates/60/..1.all...json');
  });

  it('builds a home row (lifetime 3600, count 30, most popular of the day)', () => {
    expect(videosUrl({ lifetime: 3600, count: 30, sort: 'most-popular', date: 'day' })).toBe(
      '/api/json/videos2/3600/str/most-popular/30/..1.all..day.json',
    );
  });

  it('places section, object id, page, type, duration and date', () => {
    expect(
      videosUrl({ sort: 'top-rated', section: 'category', objectId: 'city-walks', page: 7, duration: '2', date: 'week' }),
    ).toBe('/api/json/videos2/86400/str/top-rated/60/categories.city-walks.7.all.2.week.json');
  });

  it("turns 'all' for duration and date into empty fields", () => {
    expect(videosUrl({ sort: 'longest', page: 2, duration: 'all', date: 'all' })).toBe(
      '/api/json/videos2/86400/str/longest/60/..2.all...json',
    );
  });

  it('encodes dots and slashes in an object id so it cannot break the path', () => {
    expect(videosUrl({ section: 'category', objectId: 'a.b/c' })).toBe(
      '/api/json/videos2/86400/str/latest-updates/60/categories.a%2Eb%2Fc.1.all...json',
    );
  });
});

describe('search URLs', () => {
  it('builds relevance search with s= and the defaults', () => {
    expect(searchUrl({ term: 'harbour sunset' })).toBe(
      '/api/videos2.php?params=86400/str/relevance/60/search..1.all..&s=harbour%20sunset',
    );
  });

  it('places page, duration and date, and encodes hostile terms', () => {
    expect(searchUrl({ term: 'a&b=c#d', page: 3, duration: '1', date: 'month' })).toBe(
      '/api/videos2.php?params=86400/str/relevance/60/search..3.all.1.month&s=a%26b%3Dc%23d',
    );
  });

  it("appends the current page's query string instead of s", () => {
    expect(searchUrl({ query: '?s=lake&duration=2' })).toBe(
      '/api/videos2.php?params=86400/str/relevance/60/search..1.all..&s=lake&duration=2',
    );
  });
});

describe('one video', () => {
  it('computes million and thousand buckets', () => {
    expect(buckets(1)).toBe('0/0');
    expect(buckets(1234)).toBe('0/1000');
    expect(buckets(2_345_678)).toBe('2000000/2345000');
  });

  it('builds the video path with the default lifetime 86400', () => {
    expect(videoUrl(2_345_678)).toBe('/api/json/video/86400/2000000/2345000/2345678.json');
    expect(videoUrl(42, 600)).toBe('/api/json/video/600/0/0/42.json');
  });
});

describe('related videos', () => {
  it('uses the videos_related2 token with lifetime 432000 and count 20 by default', () => {
    expect(relatedToken()).toBe('/api/json/videos_related2/432000/');
    expect(relatedUrl({ videoId: 1234 })).toBe('/api/json/videos_related2/432000/20/0/1000/1234.all.1.json');
  });

  it('pages 10 at a time for the video page', () => {
    expect(relatedUrl({ videoId: 1_500_001, count: 10, page: 3 })).toBe(
      '/api/json/videos_related2/432000/10/1000000/1500000/1500001.all.3.json',
    );
  });
});

describe('stats, suggestions, categories, files and input', () => {
  it('builds site stats, with jsond when lifetime is 0', () => {
    expect(mainUrl()).toBe('/api/json/main/14400/str.en.json');
    expect(mainUrl(0)).toBe('/api/jsond/main/0/str.en.json');
  });

  it('keeps the spec double slash of the suggester list', () => {
    expect(suggesterUrl()).toBe('/api//json/suggester/43200/1000.json');
  });

  it('encodes typed text for suggestions', () => {
    expect(suggestUrl('río & co')).toBe('/api/suggester.php?c=r%C3%ADo%20%26%20co');
  });

  it('builds categories with 14400, str, toptn, en', () => {
    expect(categoriesUrl()).toBe('/api/json/categories/14400/str.toptn.en.json');
    expect(categoriesUrl({ section: 'title' })).toBe('/api/json/categories/14400/str.title.en.json');
  });

  it('builds videofile with the default lifetime 864000', () => {
    expect(videofileUrl({ video_id: 9 })).toBe('/api/videofile.php?lifetime=864000&video_id=9');
  });

  it('form-encodes view and vote stats', () => {
    expect(inputBody({ act: 'view', section: 'video', objectId: 5 })).toBe('act=view&section=video&object_id=5');
    expect(inputBody({ act: 'view', section: 'video', objectId: 5, nogeo: true, userId: 77 })).toBe(
      'act=view&section=video&object_id=5&nogeo=1&user_id=77',
    );
    expect(inputBody({ act: 'vote', section: 'video', objectId: 5, vote: 0 })).toBe('act=vote&section=video&object_id=5&vote=0');
  });
});

describe('lists by model, channel and tag, and the indexes', () => {
  it('spell the sections as the network does', () => {
    expect(videosUrl({ section: 'model', objectId: 'pat-lane', gender: 'gay' })).toBe('/api/json/videos2/86400/gay/latest-updates/60/model.pat-lane.1.all...json');
    expect(videosUrl({ section: 'channel', objectId: 'north-studio', page: 2 })).toBe('/api/json/videos2/86400/str/latest-updates/60/channel.north-studio.2.all...json');
    expect(videosUrl({ section: 'tag', objectId: 'lake' })).toBe('/api/json/videos2/86400/str/latest-updates/60/tag.lake.1.all...json');
  });

  it('build the model index with its ten filter fields', () => {
    expect(modelsUrl()).toBe('/api/json/models/14400/str/filt........../title/60/1.json');
    expect(modelsUrl({ letter: 'k', sort: 'count-videos', gender: 'she', count: 24, page: 3, lifetime: 0 })).toBe(
      '/api/json/models/0/she/filt.k........./count-videos/24/3.json',
    );
  });

  it('build the channel index', () => {
    expect(channelsUrl()).toBe('/api/json/channels/14400/str/title/60/..1.json');
    expect(channelsUrl({ sort: 'newest', page: 4 })).toBe('/api/json/channels/14400/str/newest/60/..4.json');
  });
});
