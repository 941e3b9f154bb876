import { getConfig, type Config } from '@/lib/config';
import { anyRegion } from './policy.mjs';

/**
 * Whether server pages must leave every image to the browser's lazy loader: where some region
 * verifies, an eager <img> (or React's preload of one) is fetched by the browser's preload scanner
 * while the inline script that holds a verify region's media back still waits for the stylesheets;
 * a lazy one is requested only after layout, by when that script has run. Everywhere else the
 * first row stays eager (it is the page's LCP).
 */
export function mediaHeldBack(c: Pick<Config, 'agePolicy'> = getConfig()): boolean {
  return anyRegion(c.agePolicy, 'verify');
}
