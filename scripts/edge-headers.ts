/**
 * npm run edge:headers: writes lib/web/security-headers.ts's headers for the environment's
 * configuration into the shipped nginx edge (deploy/nginx/nginx.conf, its two BEGIN/END security
 * headers blocks), with COUNTRY_HEADER's line. Run it after changing a header, EMBED_HOSTS,
 * IMG_HOSTS, API_ORIGIN, an analytics ID or COUNTRY_HEADER: until then the site sends its own
 * headers past the edge's copy and believes no COUNTRY_HEADER through it, so nothing is wrong,
 * only slower. `--check` only says whether the file is current (the unit tests check the
 * defaults'); `--print` writes the file's new text to standard output instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseConfig } from '../lib/config';
import { nginxSecurityHeaders, withNginxBlock } from '../lib/server/nginx-security-headers';
import { cspSources, securityHeaders } from '../lib/web/security-headers';

const file = path.join(__dirname, '..', 'deploy', 'nginx', 'nginx.conf');
const conf = fs.readFileSync(file, 'utf8');
// The environment's configuration, as the site's build reads it: the shipped file holds the defaults'.
const config = parseConfig(process.env);
const next = withNginxBlock(conf, nginxSecurityHeaders(securityHeaders(cspSources(config)), config.countryHeader));
if (process.argv.includes('--print')) {
  process.stdout.write(next);
  process.exit(0);
}
if (process.argv.includes('--check')) {
  console.log(next === conf ? 'edge:headers: deploy/nginx/nginx.conf is current' : 'edge:headers: deploy/nginx/nginx.conf differs: run npm run edge:headers');
  process.exit(next === conf ? 0 : 1);
}
fs.writeFileSync(file, next);
console.log(next === conf ? 'edge:headers: deploy/nginx/nginx.conf was current' : 'edge:headers: deploy/nginx/nginx.conf updated');
