/**
 * npm run edge:headers: writes lib/web/security-headers.ts's headers into the shipped nginx edge
 * (deploy/nginx/nginx.conf, between its BEGIN/END security headers lines), which adds them to every
 * answer itself. Run it after changing a header, or EMBED_HOSTS, IMG_HOSTS, API_ORIGIN or an analytics ID; `--check` only says whether the file is current
 * (the unit tests check the same).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseConfig } from '../lib/config';
import { cspSources, nginxSecurityHeaders, securityHeaders, withNginxBlock } from '../lib/web/security-headers';

const file = path.join(__dirname, '..', 'deploy', 'nginx', 'nginx.conf');
const conf = fs.readFileSync(file, 'utf8');
// The environment's configuration, as the site's build reads it: the shipped file holds the defaults'.
const next = withNginxBlock(conf, nginxSecurityHeaders(securityHeaders(cspSources(parseConfig(process.env)))));
if (process.argv.includes('--check')) {
  console.log(next === conf ? 'edge:headers: deploy/nginx/nginx.conf is current' : 'edge:headers: deploy/nginx/nginx.conf differs: run npm run edge:headers');
  process.exit(next === conf ? 0 : 1);
}
fs.writeFileSync(file, next);
console.log(next === conf ? 'edge:headers: deploy/nginx/nginx.conf was current' : 'edge:headers: deploy/nginx/nginx.conf updated');
