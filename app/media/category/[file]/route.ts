// /media/category/{dir}.svg: [file] holds "dir.svg".
import { notFoundResponse, svgResponse } from '@/lib/catalog/media-response';
import { categoryThumbSvg, parseCategoryFile } from '@/lib/catalog/thumbnail-svg';

/**
 * The catalogue's tile draws the category's name; the category index writes the name under the
 * tile (it must: an upstream's category images carry none), so the tile served here keeps the name
 * as the image's title instead of drawing it a second time.
 */
function withoutDrawnName(svg: string): string {
  return svg.replace(/<text\b[^>]*>([^<]*)<\/text>/, '<title>$1</title>');
}

export async function GET(_request: Request, context: { params: Promise<{ file: string }> }) {
  const { file } = await context.params;
  const dir = parseCategoryFile(file);
  if (dir === null) return notFoundResponse();
  return svgResponse(withoutDrawnName(categoryThumbSvg(dir)));
}
