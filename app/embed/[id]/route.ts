// /embed/{id}/: the demo player page that the video page's iframe shows.
import { getSource } from '@/lib/data';
import { toVideoFiles } from '@/lib/kvs/reshape';
import { getConfig } from '@/lib/config';
import { sourceCapabilities } from '@/lib/config/source-kind';
import { embedNotFoundHtml, embedPlayerHtml } from '@/lib/server/embed-page';
import { parseVideoId } from '@/lib/web/params';

function html(body: string, status: number): Response {
  return new Response(body, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': status === 200 ? 'public, max-age=3600, s-maxage=86400' : 'public, max-age=60',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

export async function GET(_request: Request, context: { params: Promise<{ id: string }> }) {
  const { id } = await context.params;
  const videoId = parseVideoId(id);
  // With an upstream API the embed URLs are the upstream's own; this player serves the catalogue only.
  if (videoId === null || !sourceCapabilities(getConfig()).embedPages) return html(embedNotFoundHtml(), 404);
  // The site's catalogue: the SQLite file, or PostgreSQL with DATABASE_URL.
  const source = await getSource();
  const [answer, files] = await Promise.all([source.video(videoId, 0), source.videofile(videoId, 0)]);
  // The player reads the same videofile answer as the network's clients; the best file is the last.
  const file = toVideoFiles(files).at(-1);
  if (!('video' in answer) || !file) return html(embedNotFoundHtml(), 404);
  return html(embedPlayerHtml(videoId, answer.video.title, file.url), 200);
}
