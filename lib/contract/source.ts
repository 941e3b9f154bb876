import type { DateFilter, DurationFilter, Sort } from '@/lib/contract/types';
import type {
  RawCategoriesResponse,
  RawInputResponse,
  RawStatsResponse,
  RawSitemapRange,
  RawSitemapVideo,
  RawSuggestResponse,
  RawSuggesterResponse,
  RawVideoFileResponse,
  RawVideoResponse,
  RawVideosResponse,
} from './raw';

/** Sections of the videos2 list path: '' is a plain listing. */
export type ListSection = '' | 'category';

/** A validated list query; every field is already whitelisted. */
export interface VideosQuery {
  lifetime: number;
  gender: string;
  sort: Sort;
  count: number;
  section: ListSection;
  /** Category dir when section is 'category', else ''. */
  objectId: string;
  page: number;
  type: string;
  duration: DurationFilter;
  date: DateFilter;
}

export interface SearchQuery {
  lifetime: number;
  gender: string;
  count: number;
  page: number;
  type: string;
  duration: DurationFilter;
  date: DateFilter;
  /** 3 to 69 characters, trimmed. */
  term: string;
}

export interface RelatedQuery {
  lifetime: number;
  videoId: number;
  count: number;
  page: number;
}

export interface CategoriesQuery {
  lifetime: number;
  gender: string;
  /** 'toptn' (by count of videos) or 'title'. */
  section: string;
  lang: string;
}

/** A form posted to /api/input.php (view or vote stat), already validated. */
export type InputForm =
  | { act: 'view'; section: string; objectId: number; nogeo?: boolean; userId?: number }
  | { act: 'vote'; section: string; objectId: number; vote: 0 | 1 };

/** Who is acting, for the embedded catalogue's once-per-visitor vote rule. */
export interface Actor {
  /**
   * Who is acting: the subscriber of the visitor's address (lib/net/visitor-key.ts), or any id
   * that tells visitors apart. Never stored as it is: a catalogue keeps a keyed hash of it that
   * changes every day, and only until the day is over.
   */
  key: string;
  /** The visitor's address when known, forwarded to an upstream so that it can tell visitors apart. */
  ip?: string;
}

/**
 * One API, two sources: the embedded SQLite catalogue and an upstream KVS-compatible API.
 * Both return the raw shapes of docs/spec.md §7. A source throws SourceError on failure;
 * it never answers a failure with an empty result.
 */
export interface Source {
  /** 'embedded' is the SQLite file; 'postgres' the catalogue on DATABASE_URL. */
  readonly name: 'embedded' | 'postgres' | 'upstream';
  videos(q: VideosQuery): Promise<RawVideosResponse>;
  search(q: SearchQuery): Promise<RawVideosResponse>;
  video(id: number, lifetime: number): Promise<RawVideoResponse>;
  related(q: RelatedQuery): Promise<RawVideosResponse>;
  main(lifetime: number, gender: string, lang: string): Promise<RawStatsResponse>;
  suggester(lifetime: number, count: number): Promise<RawSuggesterResponse>;
  suggest(text: string): Promise<RawSuggestResponse>;
  categories(q: CategoriesQuery): Promise<RawCategoriesResponse>;
  videofile(videoId: number, lifetime: number): Promise<RawVideoFileResponse | null>;
  input(form: InputForm, actor: Actor): Promise<RawInputResponse>;
  /**
   * The video sitemaps by id range (`size` ids each), for a source that can enumerate its whole
   * catalogue cheaply. A source without them (an upstream KVS API) is enumerated page by page.
   */
  sitemapRanges?(size: number): Promise<RawSitemapRange[]>;
  sitemapRange?(range: number, size: number): Promise<RawSitemapVideo[]>;
  /**
   * A token that changes whenever the catalogue's content changes (an import, a takedown), for a
   * source whose catalogue this site's own tools change. Caches of its answers are dropped when it
   * moves; every process that reads the catalogue sees it, whether or not a purge request reached it.
   */
  contentVersion?(): string;
}
