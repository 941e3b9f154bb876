/** Root-relative URLs of the catalogue's generated media (served by app/media and app/embed). */

export const THUMB_FRAMES = 6;
export const PREVIEW_URL = '/demo/preview.mp4';
export const CLIP_URL = '/demo/clip.mp4';
export const CLIP_WIDTH = 640;
export const CLIP_HEIGHT = 360;
/** The network's format suffix for a 360p file (its clients map _sd to standard definition). */
export const CLIP_FORMAT = '_sd.mp4';

export function thumbUrl(videoId: number, frame = 1): string {
  return `/media/thumbs/${videoId}/${frame}.svg`;
}

export function thumbUrls(videoId: number): string[] {
  return Array.from({ length: THUMB_FRAMES }, (_, i) => thumbUrl(videoId, i + 1));
}

export function embedUrl(videoId: number): string {
  return `/embed/${videoId}/`;
}

export function categoryThumbUrl(dir: string): string {
  return `/media/category/${dir}.svg`;
}
