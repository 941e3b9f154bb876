/**
 * The demo catalogue, as data: every video's title, category, tags, numbers, date and view history
 * from its id alone (its own random stream), so that both stores (sqlite/seed.ts and
 * postgres/seed.ts) write the same catalogue and only the writing differs.
 */
import { DAY_SECONDS } from '../filters';
import { PERIOD_DAYS } from '../periods';
import { hashInt, hashString, logNormal, mulberry32, pareto, pick, type Rng, zipfCumulative, zipfIndex } from './prng';
import { ratingOf } from '../rating';
import { STATUS } from '../status';
import {
  ADJECTIVES,
  CATEGORIES,
  DESCRIPTION_CLOSERS,
  DESCRIPTION_OPENERS,
  EX_TUBES,
  TAGS,
  TIMES,
  USERNAMES,
} from './words';

/** Past videos spread over about five years. */
const PAST_SPAN = Math.round(5 * 365.25 * DAY_SECONDS);
/** Scheduled videos keep arriving for 400 days, so "latest" and the day filter stay alive for a year. */
const FUTURE_SPAN = 400 * DAY_SECONDS;
/** At least this many scheduled videos: one every 12 hours even in a small catalogue. */
const MIN_SCHEDULED = 800;

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** How many of n videos are scheduled into the future. */
export function scheduledCount(n: number): number {
  return Math.min(Math.floor(n / 3), Math.max(Math.ceil(n * 0.04), MIN_SCHEDULED));
}

/**
 * post_date of video `id` (1-based) among n, non-decreasing in id. Past dates are stratified
 * (one per equal-probability slice, with jitter inside it) under a density that is three
 * times higher now than five years ago: no gaps, so every day window has videos.
 */
export function postDateFor(id: number, n: number, now: number, jitter: number): number {
  const future = scheduledCount(n);
  const past = n - future;
  if (id <= past) {
    // q: fraction of past videos newer than this one; solves F(a) = q for f(a) ∝ 3 - 2a/S.
    const q = (past - id + jitter) / past;
    const ageFraction = (3 - Math.sqrt(9 - 8 * q)) / 2;
    return now - Math.floor(ageFraction * PAST_SPAN);
  }
  const spacing = FUTURE_SPAN / future;
  return now + 1 + Math.floor((id - past - 1 + jitter) * spacing);
}

export interface GeneratedVideo {
  title: string;
  dir: string;
  description: string;
  duration: number;
  statusId: number;
  views: number;
  likes: number;
  dislikes: number;
  rating: number;
  comments: number;
  sgId: number;
  exTube: string;
  exId: number;
  username: string;
  categoryIdx: number[];
  tagIdx: number[];
  jitter: number;
  /** The orientation's number (entity-kinds.ts): most straight, some gay, a few shemale. */
  gender: number;
  /** Uniform draws of its 0 to 3 models and its channel (null: none), made ids by people.ts's videoPeople. */
  modelDraws: number[];
  channelDraw: number | null;
}

const CATEGORY_WEIGHTS = zipfCumulative(CATEGORIES.length, 0.6);

function distinctIndexes(rng: Rng, first: number, extra: number, size: number): number[] {
  const out = [first];
  for (let tries = 0; out.length < extra + 1 && tries < 10; tries++) {
    const i = Math.floor(rng() * size);
    if (!out.includes(i)) out.push(i);
  }
  return out;
}

/** Everything about one video except its date, from its own random stream (independent of n). */
export function generateVideo(id: number): GeneratedVideo {
  const rng = mulberry32(hashInt(id));
  const jitter = rng();
  const s = rng();
  const statusId = s < 0.004 ? STATUS.statsDisabled : s < 0.005 ? STATUS.disabled : STATUS.active;

  const main = zipfIndex(rng, CATEGORY_WEIGHTS);
  const extra = rng() < 0.5 ? 0 : rng() < 0.7 ? 1 : 2;
  const categoryIdx = distinctIndexes(rng, main, extra, CATEGORIES.length);
  const cat = CATEGORIES[main] ?? CATEGORIES[0]!;

  const adjective = pick(rng, ADJECTIVES);
  const noun = pick(rng, cat.nouns);
  const time = rng() < 0.4 ? pick(rng, TIMES) : '';
  const format = pick(rng, cat.formats);
  const title = [adjective, noun, time, format].filter(Boolean).join(' ');

  const description = `${pick(rng, DESCRIPTION_OPENERS)} the ${noun.toLowerCase()} on a ${pick(rng, ADJECTIVES).toLowerCase()} ${pick(rng, TIMES).toLowerCase()}. ${pick(rng, DESCRIPTION_CLOSERS)}`;

  // Log-normal around 10 minutes: about half under 10 minutes, ~8% over 40 minutes.
  const duration = Math.round(Math.min(7200, Math.max(60, logNormal(rng, 600, 1.0))));
  // Pareto: a long tail of rarely watched videos and a handful with millions of views.
  const views = Math.floor(Math.min(30_000_000, pareto(rng, 150, 1.2)));
  const likes = Math.round(views * (0.004 + rng() * 0.036) + rng());
  const dislikes = Math.round(likes * (0.03 + rng() * 0.32) + rng() * 0.6);
  const comments = Math.floor(views * (0.0005 + rng() * 0.0035) + rng());

  const tagCount = 2 + Math.floor(rng() * 4);
  const tagIdx = distinctIndexes(rng, Math.floor(rng() * TAGS.length), tagCount - 1, TAGS.length);
  const sgId = 1 + Math.floor(rng() * 90_000);
  const exTube = pick(rng, EX_TUBES);
  const exId = 100_000 + Math.floor(rng() * 8_999_999);
  const username = pick(rng, USERNAMES);

  // Drawn last, so that every field above is what the seed gave before models and orientation came.
  const o = rng();
  const gender = o < 0.8 ? 0 : o < 0.92 ? 1 : 2;
  const m = rng();
  const modelDraws = Array.from({ length: m < 0.3 ? 0 : m < 0.7 ? 1 : m < 0.9 ? 2 : 3 }, () => rng());
  const channelDraw = rng() < 0.7 ? rng() : null;

  return {
    title,
    dir: slugify(title),
    description,
    duration,
    statusId,
    views,
    likes,
    dislikes,
    rating: ratingOf(likes, dislikes),
    comments,
    sgId,
    exTube,
    exId,
    username,
    categoryIdx,
    tagIdx,
    jitter,
    gender,
    modelDraws,
    channelDraw,
  };
}

/** Days of view history before the seed's now, and (like the scheduled videos) after it. */
const HISTORY_PAST_DAYS = PERIOD_DAYS.month;
const HISTORY_FUTURE_DAYS = Math.ceil(FUTURE_SPAN / DAY_SECONDS);
/** Returning-viewer days per day of history that the whole catalogue gets at the least. */
const MIN_VIDEOS_PER_DAY = 30;

/** Returning days per video so that even a small catalogue has MIN_VIDEOS_PER_DAY videos watched each day. */
export function minReturningDays(n: number): number {
  return Math.ceil((MIN_VIDEOS_PER_DAY * (HISTORY_PAST_DAYS + HISTORY_FUTURE_DAYS + 1)) / Math.max(1, n));
}

export interface DayRow {
  day: number;
  views: number;
  likes: number;
  dislikes: number;
}

/**
 * A video's views and votes per day, from a month before the seed's now to the end of the
 * scheduled span, so that "most popular today" has a full row on any day of the demo's life: a
 * burst on the three days after it is posted, and a few later days of returning viewers,
 * more of them for more watched videos. Deterministic (its own random stream per video).
 */
export function viewHistory(
  id: number,
  v: Pick<GeneratedVideo, 'views' | 'likes' | 'dislikes'>,
  postDay: number,
  today: number,
  minReturning: number,
): DayRow[] {
  const rng = mulberry32(hashInt(id) ^ 0x5f3759df);
  // From the day after it was posted: a day's rows then only name videos published before that
  // day began, so the day's totals never count a video that is still scheduled.
  const first = Math.max(postDay + 1, today - HISTORY_PAST_DAYS);
  const last = today + HISTORY_FUTURE_DAYS;
  if (first > last) return [];
  const byDay = new Map<number, number>();
  const add = (day: number, share: number) => {
    if (day < first || day > last) return;
    byDay.set(day, (byDay.get(day) ?? 0) + Math.max(1, Math.round(v.views * share)));
  };
  for (let k = 1; k <= 3; k++) add(postDay + k, (0.08 + rng() * 0.12) / k);
  const returning = Math.max(minReturning, Math.min(6, 1 + Math.floor(Math.log10(Math.max(10, v.views)))));
  for (let k = 0; k < returning; k++) add(first + Math.floor(rng() * (last - first + 1)), 0.002 + rng() * 0.02);
  const likeRate = v.views > 0 ? v.likes / v.views : 0;
  const dislikeRate = v.views > 0 ? v.dislikes / v.views : 0;
  return [...byDay].map(([day, views]) => ({
    day,
    views,
    likes: Math.floor(views * likeRate + rng()),
    dislikes: Math.floor(views * dislikeRate + rng()),
  }));
}

/** A category's row (its id is its index + 1), as both seeds write it. */
export function demoCategory(i: number): { id: number; dir: string; title: string; description: string } {
  const c = CATEGORIES[i]!;
  const description = `Videos about ${c.title.toLowerCase()}: ${c.nouns.slice(0, 3).join(', ').toLowerCase()} and more.`;
  return { id: i + 1, dir: slugify(c.title), title: c.title, description };
}

/** A tag's row (its id is its index + 1). */
export function demoTag(i: number): { id: number; dir: string; title: string } {
  const t = TAGS[i]!;
  return { id: i + 1, dir: slugify(t), title: t };
}

/**
 * A keyword's popularity from the number of titles that give it: searches are not exactly
 * proportional to titles, so a stable per-keyword factor spreads them.
 */
export function keywordPopularity(keyword: string, titles: number): number {
  return Math.round(titles * (1 + (hashString(keyword) % 1000) / 250));
}
