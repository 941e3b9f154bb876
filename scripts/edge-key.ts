/**
 * npm run edge:key: writes the edge's cache key by route (lib/web/edge-key-maps.ts, from the route
 * families' table lib/web/route-families.ts) into the shipped nginx edge, deploy/nginx/nginx.conf,
 * between its BEGIN/END route keys lines. Run it after adding or changing a route family;
 * `--check` only says whether the file is current (the unit tests check the same).
 */
import { edgeKeyMaps, withEdgeKeyBlock } from '../lib/web/edge-key-maps';
import { updateNginxPart } from './lib/nginx-part';

updateNginxPart('edge:key', (conf) => withEdgeKeyBlock(conf, edgeKeyMaps()));
