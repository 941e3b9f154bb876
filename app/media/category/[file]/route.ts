// /media/category/{dir}.svg: [file] holds "dir.svg".
import { notFoundResponse, svgResponse } from '@/lib/server/media-response';
import { categoryThumbSvg, parseCategoryFile } from '@/lib/catalog/demo/thumbnail-svg';
import { withAgeCheck } from '@/lib/age/media-guard';

export async function GET(request: Request, context: { params: Promise<{ file: string }> }) {
  const { file } = await context.params;
  const dir = parseCategoryFile(file);
  if (dir === null) return notFoundResponse();
  return withAgeCheck(request, () => svgResponse(categoryThumbSvg(dir)));
}
