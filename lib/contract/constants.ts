/** Cache lifetimes and defaults of docs/spec.md §7 and §9, in seconds. */
export const LIFETIME = {
  home: 3600,
  main: 14400,
  videos: 86400,
  video: 86400,
  related: 432000,
  suggester: 43200,
  categories: 14400,
  videofile: 864000,
} as const;

export const DEFAULTS = {
  gender: 'str',
  sort: 'latest-updates',
  type: 'all',
  count: 60,
  page: 1,
  homeCount: 30,
  relatedCount: 20,
  relatedPageSize: 10,
  relatedMaxPage: 3,
  suggesterCount: 1000,
  categoriesSection: 'toptn',
  lang: 'en',
} as const;

/** Upper bounds that keep every key space (and the page cache) bounded. */
export const LIMITS = {
  maxPage: 10000,
  maxCount: 120,
  minTerm: 3,
  maxTerm: 69,
  maxLifetime: 31_536_000,
} as const;

/**
 * A tag needs this many listable videos to be linked from a video page and indexed by crawlers:
 * a tag page with fewer is thin (a feed's one-off tags make up most of its tags), so it answers
 * but carries noindex and is left out of the sitemaps.
 */
export const MIN_TAG_VIDEOS = 5;
