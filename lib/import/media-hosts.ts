import { hostAllowed } from './embed';
import type { Rejection } from './types';
import type { FeedRow } from '@/lib/catalog/feed-row';
import { ConfigError, parseConfig } from '@/lib/config';

/**
 * What an import tells the operator about media hosts the configuration does not allow. The site's
 * Content-Security-Policy (lib/web/security-headers.ts) lets images and previews come only from its
 * own origin, API_ORIGIN and the IMG_HOSTS, each as a host-source: that exact host (and port), no
 * subdomain. A stored row whose thumbnail is elsewhere shows a broken image and a console error,
 * which nobody connects to the import. Players are checked at import (a row whose player host is not
 * in EMBED_HOSTS is rejected, as before): those rejections are counted by host here, so that the
 * whole of them is said once instead of only line by line.
 */
export interface HostRows {
  host: string;
  rows: number;
}

export interface SettingAdvice {
  /** Hosts not allowed, most rows first. */
  hosts: HostRows[];
  /** Rows on hosts past the first MAX_NAMED_HOSTS, which are not named. */
  otherRows: number;
  /** The setting with the hosts added, e.g. IMG_HOSTS=img.example.com,cdn.partner.example; null when none is missing. */
  line: string | null;
  /** Hosts the setting cannot take (lib/config refuses them, or still does not allow them read back). */
  unsettable: string[];
}

export interface MediaHostReport {
  /** Thumbnail and preview hosts of the rows handed to the catalogue (IMG_HOSTS). */
  img: SettingAdvice;
  /** Player hosts of the rows rejected for it (EMBED_HOSTS). */
  embed: SettingAdvice;
}

/** Distinct hosts named; a feed with more (a hostile one) is counted beyond them, not remembered. */
export const MAX_NAMED_HOSTS = 1000;

class HostCounter {
  readonly rows = new Map<string, number>();
  otherRows = 0;

  add(host: string): void {
    const n = this.rows.get(host);
    if (n !== undefined) this.rows.set(host, n + 1);
    else if (this.rows.size < MAX_NAMED_HOSTS) this.rows.set(host, 1);
    else this.otherRows++;
  }
}

/**
 * The origin of a URL as normalise.ts stores it (WHATWG-serialised http(s), so `scheme://host[:port]/…`
 * with the default port left out): cut at the path's slash, without parsing it again.
 */
function originOf(url: string): string {
  const slash = url.indexOf('/', url.indexOf('//') + 2);
  return slash < 0 ? url : url.slice(0, slash);
}

const hostOfOrigin = (origin: string) => origin.slice(origin.indexOf('//') + 2);

interface Judged {
  /** The origin and the slash after it: a URL that starts with it is on this origin. */
  prefix: string;
  host: string;
  allowed: boolean;
}

/** Origins remembered: a feed's media are on a handful of hosts, so most URLs match one of the last few. */
const RECENT = 8;

export class MediaHostTally {
  private readonly img = new HostCounter();
  private readonly embed = new HostCounter();
  private readonly recent: Judged[] = [];
  private next = 0;
  private readonly selfOrigins: readonly string[];
  /** The hosts of the row being counted that are not allowed (reused: most rows have none). */
  private readonly rowHosts: string[] = [];

  /**
   * @param imgHosts the IMG_HOSTS as lib/config read them
   * @param origins the site's origin and API_ORIGIN (their images are allowed as 'self' and the API's; '' for none)
   */
  constructor(
    private readonly imgHosts: readonly string[],
    origins: readonly string[],
  ) {
    this.selfOrigins = origins.filter((o) => o !== '');
  }

  // Runs for every media URL of every row on the thread that writes: a prefix comparison with the
  // last few origins instead of cutting each URL and looking its origin up in a map. Measured over a
  // million rows of three URLs on two to four hosts: 1.24 s of CPU against 1.36 s, about 1.2 µs a
  // row beside the tens of microseconds the writer spends on it.
  private judge(url: string): Judged {
    for (const j of this.recent) if (url.startsWith(j.prefix)) return j;
    const origin = originOf(url);
    const host = hostOfOrigin(origin);
    const j = { prefix: `${origin}/`, host, allowed: this.selfOrigins.includes(origin) || this.imgHosts.includes(host) };
    this.recent[this.next] = j;
    this.next = (this.next + 1) % RECENT;
    return j;
  }

  private media(url: string | null): void {
    if (url === null) return;
    const j = this.judge(url);
    if (!j.allowed && !this.rowHosts.includes(j.host)) this.rowHosts.push(j.host);
  }

  /** A row handed to the catalogue: each host its media are on and IMG_HOSTS lacks counts it once. */
  row(r: FeedRow): void {
    this.media(r.thumbUrl);
    for (const t of r.thumbs) this.media(t);
    this.media(r.previewUrl);
    if (this.rowHosts.length === 0) return;
    for (const h of this.rowHosts) this.img.add(h);
    this.rowHosts.length = 0;
  }

  reject(r: Rejection): void {
    if (r.embedHost) this.embed.add(r.embedHost);
  }

  report(embedHosts: readonly string[]): MediaHostReport {
    return {
      img: advise(this.img, 'IMG_HOSTS', this.imgHosts, (host, hosts) => hosts.includes(host)),
      embed: advise(this.embed, 'EMBED_HOSTS', embedHosts, hostAllowed),
    };
  }
}

/**
 * The setting with the new hosts added, read back by lib/config as the site will read it, and each
 * host checked against what it read, with the rule the site applies: a host lib/config refuses (an
 * IP literal in brackets, an underscore) or still would not allow is left out of the line and named.
 */
function advise(
  counter: HostCounter,
  name: 'IMG_HOSTS' | 'EMBED_HOSTS',
  current: readonly string[],
  allows: (host: string, hosts: readonly string[]) => boolean,
): SettingAdvice {
  const hosts = [...counter.rows].map(([host, rows]) => ({ host, rows })).sort((a, b) => b.rows - a.rows || a.host.localeCompare(b.host));
  const settable: string[] = [];
  const unsettable: string[] = [];
  // All at once first (the usual case); one by one only to find the hosts it refuses.
  const all = readBack(name, [...current, ...hosts.map((h) => h.host)]);
  for (const { host } of hosts) {
    const read = all ?? readBack(name, [...current, host]);
    (read !== null && allows(host, read) ? settable : unsettable).push(host);
  }
  const line = settable.length > 0 ? `${name}=${[...current, ...settable].join(',')}` : null;
  return { hosts, otherRows: counter.otherRows, line, unsettable };
}

function readBack(name: 'IMG_HOSTS' | 'EMBED_HOSTS', hosts: readonly string[]): string[] | null {
  try {
    const c = parseConfig({ [name]: hosts.join(',') });
    return name === 'IMG_HOSTS' ? c.imgHosts : c.embedHosts;
  } catch (e) {
    if (e instanceof ConfigError) return null;
    throw e;
  }
}

const plural = (n: number, one: string) => `${n.toLocaleString('en-US')} ${one}${n === 1 ? '' : 's'}`;

function describe(a: SettingAdvice, head: string, then: string): string[] {
  if (a.hosts.length === 0 && a.otherRows === 0) return [];
  const out = [head];
  for (const { host, rows } of a.hosts) out.push(`  ${host}: ${plural(rows, 'row')}`);
  if (a.otherRows > 0) out.push(`  ${plural(a.otherRows, 'more row')} on hosts past the first ${MAX_NAMED_HOSTS}`);
  if (a.line) out.push(then, `  ${a.line}`);
  if (a.unsettable.length > 0) out.push(`  (the setting cannot name ${a.unsettable.join(', ')}: serve those from a host name it takes)`);
  return out;
}

/** The report as the import prints it: nothing when every host is allowed. */
export function formatMediaHostReport(r: MediaHostReport): string[] {
  return [
    ...describe(
      r.img,
      "thumbnails or previews of stored rows are on hosts IMG_HOSTS does not allow; the site's Content-Security-Policy refuses them:",
      'to show them, set for the site (npm start rebuilds with it; npm run edge:headers for an nginx edge):',
    ),
    ...describe(
      r.embed,
      'rows rejected because their player is on a host EMBED_HOSTS does not allow:',
      'to import them, if those players are trusted, set (for the import and the site) and run the import again:',
    ),
  ];
}
