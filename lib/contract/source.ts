import type { DateFilter, DurationFilter, EntitySort, Orientation, Sort } from '@/lib/contract/types';
import type {
  RawCategoriesResponse,
  RawChannelsResponse,
  RawModelsResponse,
  RawSitemapEntity,
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

/**
 * Sections of the videos2 list path: '' is a plain listing; the others list one category, model,
 * channel or tag, named by its dir in object_id. The path spells them as the network's clients do
 * ("categories."/"category.", "model."/"models.", "channel."/"channels.", "tag."/"tags.").
 */
export type ListSection = '' | 'category' | 'model' | 'channel' | 'tag';

/** The entities with index pages of their own (models and channels). */
export type EntityKind = 'model' | 'channel';

/** A validated list query; every field is already whitelisted. */
export interface VideosQuery {
  lifetime: number;
  /** The orientation listed (one of ORIENTATIONS, validated): only videos of this one. */
  gender: string;
  sort: Sort;
  count: number;
  section: ListSection;
  /** The dir of the section's category, model, channel or tag; '' for a plain listing. */
  objectId: string;
  page: number;
  type: string;
  duration: DurationFilter;
  date: DateFilter;
}

export interface SearchQuery {
  lifetime: number;
  /** The orientation searched (one of ORIENTATIONS, validated): only videos of this one. */
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
  /** One of ORIENTATIONS: totals count this orientation's videos; a category without any is left out. */
  gender: string;
  /** 'toptn' (by count of videos), 'title', or 'recent' (the category with the newest video first). */
  section: string;
  lang: string;
}

/**
 * /api/json/models/{lifetime}/{gender}/filt.{letter}........./{sort}/{count}/{page}.json and
 * /api/json/channels/{lifetime}/{gender}/{sort}/{count}/..{page}.json: one page of the index.
 * Counts and the most-popular order are of this orientation's videos; an entity without any is
 * left out.
 */
export interface EntitiesQuery {
  lifetime: number;
  gender: Orientation;
  sort: EntitySort;
  /** '' for all; 'a'..'z' for names starting with that letter; '0' for names starting otherwise. */
  letter: string;
  count: number;
  page: number;
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
  /** The model and channel indexes. */
  models(q: EntitiesQuery): Promise<RawModelsResponse>;
  channels(q: EntitiesQuery): Promise<RawChannelsResponse>;
  videofile(videoId: number, lifetime: number): Promise<RawVideoFileResponse | null>;
  input(form: InputForm, actor: Actor): Promise<RawInputResponse>;
  /**
   * The video sitemaps by id range (`size` ids each), for a source that can enumerate its whole
   * catalogue cheaply. A source without them (an upstream KVS API) is enumerated page by page.
   */
  sitemapRanges?(size: number): Promise<RawSitemapRange[]>;
  sitemapRange?(range: number, size: number): Promise<RawSitemapVideo[]>;
  /**
   * Every model, channel or tag worth a sitemap entry, with the orientations its pages are listed in
   * (a tag's only from MIN_TAG_VIDEOS videos of the orientation on), `size` per page, in dir order,
   * for a source that can enumerate them cheaply.
   */
  sitemapEntities?(kind: 'model' | 'channel' | 'tag', page: number, size: number): Promise<RawSitemapEntity[]>;
  /**
   * A token that changes whenever the catalogue's content changes (an import, a takedown), for a
   * source whose catalogue this site's own tools change. Caches of its answers are dropped when it
   * moves; every process that reads the catalogue sees it, whether or not a purge request reached it.
   */
  contentVersion?(): string;
}
