// /media/thumbs/{id}/{n}.svg: a segment name cannot carry the ".svg", so [file] holds "n.svg".
import { notFoundResponse, svgResponse } from '@/lib/server/media-response';
import { parseFrameFile, videoThumbSvg } from '@/lib/catalog/demo/thumbnail-svg';
import { parseVideoId } from '@/lib/web/params';

export async function GET(_request: Request, context: { params: Promise<{ id: string; file: string }> }) {
  const { id, file } = await context.params;
  const videoId = parseVideoId(id);
  const frame = parseFrameFile(file);
  if (videoId === null || frame === null) return notFoundResponse();
  return svgResponse(videoThumbSvg(videoId, frame));
}
