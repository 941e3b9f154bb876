/**
 * npm run edge:age: writes AGE_POLICY into the shipped nginx edge (deploy/nginx/nginx.conf, between
 * its BEGIN/END age policy lines): the edge then blocks a region before its cache and sets the
 * policy cookie on delivery. Run it with the site's environment after changing AGE_POLICY;
 * `--check` only says whether the file is current (the unit tests check the shipped defaults);
 * `--print` writes the configuration it would make to stdout instead (the edge's tests start it).
 */
import { parseConfig } from '../lib/config';
import { withNginxAgePolicy } from '../lib/age/edge-part';
import { updateNginxPart } from './lib/nginx-part';

updateNginxPart('edge:age', (conf) => withNginxAgePolicy(conf, parseConfig(process.env).agePolicy));
