/**
 * npm run edge:age: writes AGE_POLICY into the shipped nginx edge (deploy/nginx/nginx.conf, between
 * its BEGIN/END age policy lines): the edge then blocks a region before its cache and sets the
 * policy cookie on delivery. Run it with the site's environment after changing AGE_POLICY;
 * `--check` only says whether the file is current (the unit tests check the shipped defaults);
 * `--print` writes the configuration it would make to stdout instead (the edge's tests start it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseConfig } from '../lib/config';
import { withNginxAgePolicy } from '../lib/age/edge-part';

const file = path.join(__dirname, '..', 'deploy', 'nginx', 'nginx.conf');
const conf = fs.readFileSync(file, 'utf8');
const next = withNginxAgePolicy(conf, parseConfig(process.env).agePolicy);
if (process.argv.includes('--print')) {
  process.stdout.write(next);
  process.exit(0);
}
if (process.argv.includes('--check')) {
  console.log(next === conf ? 'edge:age: deploy/nginx/nginx.conf is current' : 'edge:age: deploy/nginx/nginx.conf differs: run npm run edge:age');
  process.exit(next === conf ? 0 : 1);
}
fs.writeFileSync(file, next);
console.log(next === conf ? 'edge:age: deploy/nginx/nginx.conf was current' : 'edge:age: deploy/nginx/nginx.conf updated');
