import type { NextRequest } from 'next/server';
import { answer, json, notFound } from '@/lib/kvs/http';
import { parseVideofileQuery } from '@/lib/kvs/route-params';
import { withAgeCheck } from '@/lib/age/media-guard';

/** Video files of one video: /api/videofile.php?video_id={id}&lifetime={lifetime} */
export async function GET(request: NextRequest) {
  return withAgeCheck(request, () => files(request));
}

function files(request: NextRequest) {
  return answer(parseVideofileQuery(request.nextUrl.searchParams), async ({ videoId, lifetime }, source) => {
    const body = await source.videofile(videoId, lifetime);
    return body ? json(body, { lifetime }) : notFound('video_not_found');
  });
}
