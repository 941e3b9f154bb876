/**
 * The route families' table covers the app: every page and route handler under app/ is owned by
 * a family (but the proxy's internal rewrite targets and the catalogue tools' endpoint, which no
 * visitor's URL names), and a page's `revalidate` is its family's lifetime.
 */
import fs from 'node:fs';
import path from 'node:path';
import { familyFinder } from '@/lib/web/loading-page';
import { ROUTE_FAMILIES } from '@/lib/web/route-families';

const APP = path.join(__dirname, '..', '..', '..', 'app');
/** A value per dynamic segment that names something of its family's shape. */
const SAMPLES: Record<string, string> = { sort: 'title', slug: 'dmca', file: 'x.json', name: 'pages.xml', letter: 'all', orientation: 'gay' };
/** No visitor's URL: the filtered listings the proxy rewrites to, and the catalogue tools' endpoint (the edge answers it 404). */
const INTERNAL = [/\/f\/[^/]+\/[^/]+\/$/, /^\/api\/internal\//];

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** The URL of an app file: its folders, each [segment] a sample; a trailing slash (trailingSlash) unless the last holds a dot. */
function urlOf(file: string): string {
  const segs = path.relative(APP, path.dirname(file)).split(path.sep).filter(Boolean).map((s) => (/^\[(\w+)\]$/.test(s) ? (SAMPLES[s.slice(1, -1)] ?? 'x') : s));
  const url = `/${segs.join('/')}`;
  return url === '/' || segs.at(-1)?.includes('.') ? url : `${url}/`;
}

const routes = files(APP)
  .filter((f) => /\/(page\.tsx|route\.ts)$/.test(f))
  .map((f) => ({ file: path.relative(APP, f), url: urlOf(f), source: fs.readFileSync(f, 'utf8') }))
  .filter((r) => !INTERNAL.some((re) => re.test(r.url)));
const owner = familyFinder(ROUTE_FAMILIES);

test.each(routes.map((r) => [r.file, r.url, r]))('%s (%s) belongs to a family', (_file, url) => {
  expect(owner(url)?.name).toEqual(expect.any(String));
});

test.each(routes.filter((r) => /export const revalidate = /.test(r.source)).map((r) => [r.file, r]))("%s: revalidate is its family's lifetime", (_file, r) => {
  const revalidate = Number(/export const revalidate = (\d+)/.exec(r.source)?.[1]);
  expect([r.url, owner(r.url)?.lifetime]).toEqual([r.url, revalidate]);
});
