/**
 * What a bookmark button receives of a video: the fields a stored record keeps. Apart from
 * ./records.ts (which re-exports it) so that every card can hand its video over without the
 * records' mapping and checks, which load with the storage itself.
 */
import type { VideoSummary } from '@/lib/contract/types';

/** The fields a stored record keeps: all that a bookmark button needs to receive. */
export type StorableVideo = Pick<VideoSummary, 'id' | 'dir' | 'title' | 'thumb' | 'preview' | 'duration' | 'postDate' | 'views' | 'sgId'>;

export function storableVideo(v: StorableVideo): StorableVideo {
  return { id: v.id, dir: v.dir, title: v.title, thumb: v.thumb, preview: v.preview, duration: v.duration, postDate: v.postDate, views: v.views, sgId: v.sgId };
}
