/**
 * A card's data as it crosses from the server to the browser: one short array per video instead of
 * the card's element tree. The server renders the cards' HTML as before; the page's flight payload
 * (which React needs to hydrate) then carries a fraction of what each card's tree weighed, and the
 * trees had been most of a listing's HTML (`npm run bench:pages` weighs the HTML and its flight
 * payload).
 *
 * Only what a card shows or a bookmark stores travels: the frames only for a card without a clip
 * (the only card that plays them), at most 10, written short (packFrames).
 */
import type { VideoSummary } from '@/lib/contract/types';
import { packFrames, unpackFrames } from './frames';

/** [id, dir, title, thumb, duration, views, rating, postDate, preview, frames, sgId] */
export type CardRow = [number, string, string, string, number, number, number | null, string, string, string, string];

export function toCardRow(v: VideoSummary): CardRow {
  const frames = v.preview ? '' : packFrames(v.thumbs.slice(0, 10));
  return [v.id, v.dir, v.title, v.thumb, v.duration, v.views, v.rating, v.postDate, v.preview ?? '', frames, v.sgId];
}

export function fromCardRow(r: CardRow): VideoSummary {
  const [id, dir, title, thumb, duration, views, rating, postDate, preview, frames, sgId] = r;
  return { id, dir, title, thumb, duration, views, rating, postDate, preview: preview || null, thumbs: frames ? unpackFrames(frames) : [], sgId };
}
