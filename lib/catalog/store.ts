/**
 * What each database answers in its own SQL: the store interface. Everything else a catalogue
 * does (paging, the suggestion sort, categories by total, what it remembers and when that is
 * dropped, the answer limits) is written once over it (source.ts); sqlite/store.ts and
 * postgres/store.ts implement it, and open.ts is the one place that picks one.
 *
 * A store may answer at once (SQLite, on the event loop) or later (PostgreSQL, over the network):
 * the source awaits either, and keeps SQLite's content version synchronous (Source.contentVersion).
 */
import type { SourceError } from '@/lib/contract/errors';
import type { RawInputResponse, RawSitemapEntity, RawSitemapRange, RawSitemapVideo, RawVideoDetail } from '@/lib/contract/raw';
import type { EntityKind, InputForm } from '@/lib/contract/source';
import type { CatalogChange } from '@/lib/cache/catalog-change';
import type { CatalogWriter } from './writer';
import type { DateFilter, DateSort, DurationFilter, EntitySort, Orientation, Sort } from '@/lib/contract/types';
import type { EntityKindName, EntityRef } from './entity-kinds';
import type { Period } from './periods';
import type { VideoListRow } from './raw-rows';

export type MaybePromise<T> = T | Promise<T>;

export interface CategoryRow {
  id: number;
  dir: string;
  title: string;
  description: string;
}

/** A model, channel or tag: its own row. */
export interface EntityRow {
  id: number;
  dir: string;
  title: string;
}

/** An item of the model or channel index (or a list's section object): its row and its numbers in one orientation. */
export interface EntityListRow extends EntityRow {
  /** Unix seconds (a tag has none: 0). */
  added_at: number;
  /** Its listable videos of the orientation, their views, the newest one's post_date. */
  videos: number;
  views: number;
  last_post_date: number;
  /** Its most viewed video of the orientation listable now (the index shows its thumbnail; 0: none), and that video's imported media (null: generated). */
  top_video_id: number;
  thumb_url: string | null;
  thumbs: string | null;
  preview_url: string | null;
}

/** One page of the model or channel index. */
export interface EntityListFilter {
  kind: EntityKind;
  gender: Orientation;
  sort: EntitySort;
  /** '' for all; 'a'..'z', or '0' for dirs starting with a digit (entity-kinds.ts letterRange). */
  letter: string;
  limit: number;
  offset: number;
}

/** A listing's filters (its total depends on these alone). */
export interface CountFilter {
  /** 0 for all videos (or a model's, channel's or tag's: `entity`). */
  categoryId: number;
  /** The model, channel or tag listed (categoryId is then 0), or null. */
  entity: EntityRef | null;
  /** Only videos of this orientation. */
  gender: Orientation;
  duration: DurationFilter;
  date: DateFilter;
}

/** One page of a listing. */
export interface ListFilter extends CountFilter {
  sort: Sort;
  limit: number;
  offset: number;
}

/** One page of a listing ranked by a period's own views or votes (periods.ts). */
export interface PeriodListFilter {
  sort: DateSort;
  period: Period;
  categoryId: number;
  entity: EntityRef | null;
  gender: Orientation;
  duration: DurationFilter;
  limit: number;
  offset: number;
}

export interface SearchFilter {
  term: string;
  gender: Orientation;
  duration: DurationFilter;
  date: DateFilter;
}

/** Error codes of the input endpoint (the site translates them as notify.vote_{code}). */
export const INPUT_ERRORS = {
  notFound: 'not_found',
  alreadyVoted: 'already_voted',
  statsDisabled: 'stats_disabled',
} as const;

export interface CatalogStore {
  /** Source.name of the catalogue built over it. */
  readonly name: 'embedded' | 'postgres';
  /** The catalogue's content version (an import or takedown moves it); the store decides how often it reads it. */
  contentVersion(): MaybePromise<string>;
  /** The first post_date after `now` (hidden videos too), or null. */
  nextPublish(now: number): MaybePromise<number | null>;
  /** The catalogue changed or a scheduled video went live: drop what the store remembers of its lists. */
  forgetLists(): void;
  /** Every category, in id order. */
  categories(): MaybePromise<CategoryRow[]>;
  countListable(f: CountFilter, now: number): MaybePromise<number>;
  listIds(f: ListFilter, now: number): MaybePromise<number[]>;
  /** Brings the period sums to the day of `now` (the first request of a day moves them). */
  ensurePeriodStats(now: number): MaybePromise<void>;
  /** A period listing's total: of the category (0: all videos) or the entity, in the orientation. */
  countPeriod(period: Period, categoryId: number, duration: DurationFilter, gender: Orientation, entity: EntityRef | null): MaybePromise<number>;
  listPeriodIds(f: PeriodListFilter, now: number): MaybePromise<number[]>;
  /** The listable videos among `ids`, in the order given. */
  listRows(ids: readonly number[], now: number): MaybePromise<VideoListRow[]>;
  /** All ranked ids of a search, at most SEARCH_WINDOW (search-limits.ts). */
  searchIds(f: SearchFilter, now: number): MaybePromise<number[]>;
  /** Videos related to a listable one, of its own orientation. */
  relatedIds(videoId: number, now: number): MaybePromise<number[]>;
  /**
   * The post_date of each category's newest listable video of the orientation (0: none), in the
   * order given: the categories' 'recent' order in one question. Optional: without it the source
   * asks each category's first latest item (a store answering over the network pays a round trip each).
   */
  newestInCategories?(categoryIds: readonly number[], gender: Orientation, now: number): MaybePromise<number[]>;
  /** The video page's answer, with its models, channel, orientation, comments and tags (each tag's total_videos in the video's orientation). */
  videoDetail(id: number, now: number): MaybePromise<RawVideoDetail | null>;
  isListable(id: number, now: number): MaybePromise<boolean>;
  topKeywords(limit: number): MaybePromise<string[]>;
  keywordsByPrefix(text: string, limit: number): MaybePromise<string[]>;
  sitemapRanges(size: number, now: number): MaybePromise<RawSitemapRange[]>;
  sitemapRange(range: number, size: number, now: number): MaybePromise<RawSitemapVideo[]>;
  /* Models, channels and tags (docs/architecture.md, the content model). */
  /** The model, channel or tag whose dir this is, or null. */
  entityByDir(kind: EntityKindName, dir: string): MaybePromise<EntityRow | null>;
  /** How many models or channels have listable videos of the orientation (whose dir is in the letter's range). */
  countEntities(kind: EntityKind, gender: Orientation, letter: string): MaybePromise<number>;
  /** One page of the model or channel index, ids in the sort's order (ties: the higher id first; by title: dir, then id). */
  listEntityIds(f: EntityListFilter): MaybePromise<number[]>;
  /**
   * The index items of these ids in the orientation, in the order given: an unknown id is left
   * out, one without entity_stats of the orientation has zeros.
   */
  entityRows(kind: EntityKindName, ids: readonly number[], gender: Orientation, now: number): MaybePromise<EntityListRow[]>;
  /**
   * Page `page` (1-based) of the models, channels or tags with listable videos in some orientation
   * (a tag from MIN_TAG_VIDEOS of one on), `size` a page, in dir order: each such orientation's
   * videos and newest post_date (lib/catalog/sitemap-entity.ts).
   */
  sitemapEntities(kind: EntityKindName, page: number, size: number): MaybePromise<RawSitemapEntity[]>;
  /**
   * Counts a view or a vote. A vote is stored under the visitor's key of the day (voteSalt, else the
   * catalogue's own secret), never the visitor itself. `now` is read once the write may start.
   */
  input(form: InputForm, visitor: string, voteSalt: string, now: () => number): MaybePromise<RawInputResponse>;
  /** The change endpoint's secret: `configured` when set, else the catalogue's (made when `create`). */
  changeSecret(configured: string, create: boolean): MaybePromise<string | null>;
  /** Drops the votes of the days before `now`'s; the number dropped. */
  forgetPastVoters(now: number): MaybePromise<number>;
  /** A failure of the database as a SourceError (what: the call that failed). */
  failure(what: string, cause: unknown): SourceError;
}

/** Where the catalogue tools (npm run import, npm run catalog -- remove) write. */
export interface CatalogTarget {
  /** For log lines: the file, or the URL without its password. */
  label: string;
  writer: CatalogWriter;
  /** Tells the running site about a change (its change endpoint). */
  tell(change: CatalogChange): Promise<void>;
  close(): Promise<void>;
}

/** A demo catalogue written: how many videos, in how many ms. */
export interface SeedResult {
  videos: number;
  ms: number;
}
