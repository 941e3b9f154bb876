// /media/category/{dir}.svg: [file] holds "dir.svg".
import { notFoundResponse, svgResponse } from '@/lib/server/media-response';
import { categoryThumbSvg, parseCategoryFile } from '@/lib/catalog/demo/thumbnail-svg';

export async function GET(_request: Request, context: { params: Promise<{ file: string }> }) {
  const { file } = await context.params;
  const dir = parseCategoryFile(file);
  if (dir === null) return notFoundResponse();
  return svgResponse(categoryThumbSvg(dir));
}
