/**
 * Which source the configuration names, and what that source can do. This is the one place that
 * reads API_ORIGIN and DATABASE_URL to decide it: the getters (lib/data), the catalogue's opener
 * (lib/catalog/open.ts), the routes and clocks that only a catalogue has, the start-up checks and
 * the scripts all ask here, so that a third kind of source is added in one file.
 */
import type { Config } from './index';

/** 'sqlite': the catalogue on the file at DATABASE_PATH; 'postgres': on DATABASE_URL; 'upstream': API_ORIGIN. */
export type SourceKind = 'sqlite' | 'postgres' | 'upstream';

/** The settings that decide the source. */
export type SourceSettings = Pick<Config, 'apiOrigin' | 'databaseUrl'>;

export interface SourceCapabilities {
  /** A catalogue of the site's own: created and seeded at start, written by the catalogue tools (import, remove). */
  writable: boolean;
  /** Votes are stored here, under the salted daily voter key (VOTE_SALT), and past days' votes are dropped. */
  votes: boolean;
  /** Videos dated in the future go live by themselves: each server's publish clock announces them. */
  scheduledPublishing: boolean;
  /** The site serves its own player page at /embed/{id}/ (an upstream's embed URLs are its own). */
  embedPages: boolean;
  /** The catalogue tools tell the running servers of a change (POST /api/internal/catalog-changed/). */
  catalogueChanges: boolean;
}

const CATALOGUE: SourceCapabilities = { writable: true, votes: true, scheduledPublishing: true, embedPages: true, catalogueChanges: true };
// An upstream KVS API keeps its own videos, votes and schedule; the site only reads it and passes votes on.
const UPSTREAM: SourceCapabilities = { writable: false, votes: false, scheduledPublishing: false, embedPages: false, catalogueChanges: false };

/**
 * The catalogue the catalogue tools and scripts open, whatever the site reads: PostgreSQL when
 * DATABASE_URL is set, else the SQLite file (an import run beside an upstream site still has a
 * catalogue to write).
 */
export function catalogueKind(c: Pick<Config, 'databaseUrl'>): Exclude<SourceKind, 'upstream'> {
  return c.databaseUrl ? 'postgres' : 'sqlite';
}

/** The active source's kind. API_ORIGIN wins when both it and DATABASE_URL are set (docs/configuration.md). */
export function sourceKind(c: SourceSettings): SourceKind {
  return c.apiOrigin ? 'upstream' : catalogueKind(c);
}

/** What the active source can do. */
export function sourceCapabilities(c: SourceSettings): SourceCapabilities {
  return sourceKind(c) === 'upstream' ? UPSTREAM : CATALOGUE;
}

/** What start-up says the site serves from (never a password). */
export function describeSource(c: SourceSettings & Pick<Config, 'databasePath'>): string {
  switch (sourceKind(c)) {
    case 'upstream':
      return `upstream ${c.apiOrigin}`;
    case 'postgres':
      return 'PostgreSQL catalogue (DATABASE_URL)';
    case 'sqlite':
      return `embedded catalogue ${c.databasePath}`;
  }
}
