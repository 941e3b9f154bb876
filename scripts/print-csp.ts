/**
 * Prints the page Content-Security-Policy that a build made in this environment would send
 * (EMBED_HOSTS, IMG_HOSTS, API_ORIGIN, the analytics IDs): the test harness rebuilds when a
 * suite's environment asks for another than the build's (tests/support/system/harness.mjs).
 */
import { parseConfig } from '../lib/config';
import { cspSources, pageCsp } from '../lib/web/security-headers';

process.stdout.write(pageCsp(cspSources(parseConfig(process.env))));
