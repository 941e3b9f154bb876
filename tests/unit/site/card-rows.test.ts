import { fromCardRow, toCardRow } from '@/components/listing/card-rows';
import type { VideoSummary } from '@/lib/contract/types';

const base: VideoSummary = {
  id: 42,
  dir: 'a-walk',
  title: 'A walk',
  thumb: '/media/thumbs/42/1.svg',
  thumbs: Array.from({ length: 12 }, (_, i) => `/media/thumbs/42/${i + 1}.svg`),
  preview: null,
  duration: 201,
  views: 1234,
  postDate: '2026-11-06T16:31:15.000Z',
  rating: 4.2,
  sgId: '89827',
};

describe('card rows (a card as it crosses to the browser)', () => {
  it('round-trips every field a card shows or a bookmark stores', () => {
    const back = fromCardRow(toCardRow(base));
    expect(back).toEqual({ ...base, thumbs: base.thumbs.slice(0, 10) });
  });

  it('keeps a clip and drops the frames it would never play', () => {
    const v = { ...base, preview: '/demo/preview.mp4', rating: null };
    expect(fromCardRow(toCardRow(v))).toEqual({ ...v, thumbs: [] });
  });

  it('is far smaller than the card object', () => {
    expect(JSON.stringify(toCardRow(base)).length).toBeLessThan(JSON.stringify(base).length / 2);
  });
});
