/**
 * Listing answers of the network's real size, made from its recorded answers
 * (tests/fixtures/upstream/videos.json): the recorded videos repeated to a full page of 60, each
 * copy with an id, title, dir and thumbnail of its own, as a page of a large catalogue has them.
 * Sent compact, as the API sends them.
 */
import fs from 'node:fs';
import path from 'node:path';

const recorded = JSON.parse(fs.readFileSync(path.join(__dirname, '../../fixtures/upstream/videos.json'), 'utf8')) as {
  params: Record<string, string>;
  videos: Record<string, unknown>[];
};

/** The network's page size for listings. */
export const PAGE_SIZE = 60;

/** The answer body of listing page `page` (1, 2, ...): distinct videos on every page. */
export function listingAnswer(page: number): string {
  const videos = Array.from({ length: PAGE_SIZE }, (_, i) => {
    const model = recorded.videos[i % recorded.videos.length] ?? {};
    const id = page * PAGE_SIZE + i;
    const dir = `${String(model.dir)}-${id}`;
    const copy: Record<string, unknown> = { ...model, video_id: String(id), dir, title: `${String(model.title)} ${id}` };
    if (typeof model.scr === 'string') copy.scr = model.scr.replace(/\d+(\.jpg)$/, `${id}$1`);
    return copy;
  });
  return JSON.stringify({ ...recorded, params: { ...recorded.params, page: String(page) }, total_count: String(PAGE_SIZE * 1000), pages: 1000, videos });
}
