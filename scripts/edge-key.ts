/**
 * npm run edge:key: writes the edge's cache key by route (lib/web/edge-key-maps.ts, from the route
 * families' table lib/web/route-families.ts) into the shipped nginx edge, deploy/nginx/nginx.conf,
 * between its BEGIN/END route keys lines. Run it after adding or changing a route family;
 * `--check` only says whether the file is current (the unit tests check the same).
 */
import fs from 'node:fs';
import path from 'node:path';
import { edgeKeyMaps, withEdgeKeyBlock } from '../lib/web/edge-key-maps';

const file = path.join(__dirname, '..', 'deploy', 'nginx', 'nginx.conf');
const conf = fs.readFileSync(file, 'utf8');
const next = withEdgeKeyBlock(conf, edgeKeyMaps());
if (process.argv.includes('--check')) {
  console.log(next === conf ? 'edge:key: deploy/nginx/nginx.conf is current' : 'edge:key: deploy/nginx/nginx.conf differs: run npm run edge:key');
  process.exit(next === conf ? 0 : 1);
}
fs.writeFileSync(file, next);
console.log(next === conf ? 'edge:key: deploy/nginx/nginx.conf was current' : 'edge:key: deploy/nginx/nginx.conf updated');
