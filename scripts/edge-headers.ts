/**
 * npm run edge:headers: writes lib/web/security-headers.ts's headers for the environment's
 * configuration into the shipped nginx edge (deploy/nginx/nginx.conf, its two BEGIN/END security
 * headers blocks), with COUNTRY_HEADER's line. Run it after changing a header, EMBED_HOSTS,
 * IMG_HOSTS, API_ORIGIN, an analytics ID or COUNTRY_HEADER: until then the site sends its own
 * headers past the edge's copy and believes no COUNTRY_HEADER through it, so nothing is wrong,
 * only slower. `--check` only says whether the file is current (the unit tests check the
 * defaults'); `--print` writes the file's new text to standard output instead.
 */
import { parseConfig } from '../lib/config';
import { nginxSecurityHeaders, withNginxBlock } from '../lib/server/nginx-security-headers';
import { cspSources, securityHeaders } from '../lib/web/security-headers';
import { updateNginxPart } from './lib/nginx-part';

// The environment's configuration, as the site's build reads it: the shipped file holds the defaults'.
const config = parseConfig(process.env);
updateNginxPart('edge:headers', (conf) => withNginxBlock(conf, nginxSecurityHeaders(securityHeaders(cspSources(config)), config.countryHeader)));
