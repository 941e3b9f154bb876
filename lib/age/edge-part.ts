/**
 * The shipped nginx edge's part of AGE_POLICY (deploy/nginx/nginx.conf, between its BEGIN/END age
 * policy lines, written by `npm run edge:age`): the visitor's policy from the edge's own GeoIP
 * lookup, a blocked region's 451 before the cache (a stored page must never reach it), and the
 * policy cookie set on delivery beside the country cookie, so the inline script decides at once.
 */
import { anyRegion, needsPolicyCookie, policyEntries, type AgePolicy, UNKNOWN_REGION } from './policy.mjs';
import { withGeneratedBlock } from '../web/nginx-block';
import { AGE_INFO_PATH } from './blocked-response';

export const HTTP_BEGIN = '  # BEGIN age policy (http): generated from AGE_POLICY by `npm run edge:age`; edit there';
export const HTTP_END = '  # END age policy (http)';
export const SERVER_BEGIN = '    # BEGIN age policy (server): generated from AGE_POLICY by `npm run edge:age`; edit there';
export const SERVER_END = '    # END age policy (server)';

/** No quote, backslash, dollar or brace: written into an nginx string as it is. */
const BLOCKED_HTML =
  "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><meta name='robots' content='noindex'><title>Unavailable in your region</title></head>" +
  "<body><main><h1>Unavailable in your region</h1><p>This is an adult website. The law of the region you are visiting from does not let us offer it there, " +
  `so it is not available to you (HTTP 451, Unavailable For Legal Reasons).</p><p><a href='${AGE_INFO_PATH}'>How this site applies age-assurance rules per region</a></p></main></body></html>`;
const BLOCKED_JSON = "{'error':1,'code':'unavailable_for_legal_reasons','message':'this site is not available in your region'}".replace(/'/g, '\\"');

export function nginxAgeHttp(policy: AgePolicy): string {
  const block = anyRegion(policy, 'block');
  const cookie = needsPolicyCookie(policy);
  if (!block && !cookie) {
    return [HTTP_BEGIN, '  # Nothing blocked, no subdivision or unknown region with a policy: the country cookie is enough.', HTTP_END].join('\n');
  }
  const regions = policyEntries(policy).filter(([r]) => r !== UNKNOWN_REGION);
  const countries = regions.filter(([r, k]) => r.length === 2 && k !== 'none');
  const subdivisions = regions.filter(([r]) => r.length > 2);
  const lines = [
    HTTP_BEGIN,
    "  # The visitor's subdivision (ISO 3166-2, the part after the dash): none in the shipped country",
    '  # data. With a city-level mmdb (MaxMind GeoLite2/GeoIP2 City, geo/city.mmdb), replace this map by',
    '  #   geoip2 geo/city.mmdb { $edge_geo_region default= source=$remote_addr subdivisions 0 iso_code; }',
    '  map $edge_geo_country $edge_geo_region {',
    '    default "";',
    '  }',
    '  # The policy of the country (XX: the address is in no country of the data), then of the subdivision.',
    '  map $edge_geo_country $edge_age_country_policy {',
    ...countries.map(([r, k]) => `    ${r} ${k};`),
    ...(policy.unknown !== 'none' ? [`    ${UNKNOWN_REGION} ${policy.unknown};`] : []),
    '    default none;',
    '  }',
    '  map "$edge_geo_country-$edge_geo_region" $edge_age_policy {',
    ...subdivisions.map(([r, k]) => `    ${r} ${k};`),
    '    default $edge_age_country_policy;',
    '  }',
  ];
  if (cookie) {
    lines.push(
      '  # The policy cookie, on the pages that get the country cookie (and, like it, only without one).',
      '  map $cookie_tf_age $edge_age_cookie {',
      '    "" $edge_age_cookie_page;',
      '    default "";',
      '  }',
      '  map $edge_country_cookie_html $edge_age_cookie_page {',
      '    "" "";',
      '    default "tf_age=$edge_age_policy; Path=/; Max-Age=86400; SameSite=Lax";',
      '  }',
    );
  }
  if (block) {
    lines.push(
      "  # A blocked region: its 451 (the API's in JSON), except the page that explains it and the probes.",
      '  map "$edge_age_policy|$uri" $edge_age_blocked {',
      `    "~^block\\|(?:${AGE_INFO_PATH}$|/api/health/$|/_next/|/_edge/)" "";`,
      '    "~^block\\|/api/" /_edge/age-blocked.json;',
      '    "~^block\\|" /_edge/age-blocked;',
      '    default "";',
      '  }',
    );
  }
  lines.push(HTTP_END);
  return lines.join('\n');
}

export function nginxAgeServer(policy: AgePolicy): string {
  const lines = [
    SERVER_BEGIN,
    '    # Subdivision headers of CDNs: as the country headers above, never passed on from a client.',
    '    proxy_set_header CF-Region-Code "";',
    '    proxy_set_header CloudFront-Viewer-Country-Region "";',
  ];
  if (needsPolicyCookie(policy)) lines.push('    add_header Set-Cookie $edge_age_cookie;');
  if (anyRegion(policy, 'block')) {
    lines.push(
      '    # Before the cache (a rewrite runs before any location serves a stored answer).',
      '    if ($edge_age_blocked) {',
      '      rewrite ^ $edge_age_blocked last;',
      '    }',
      '    location = /_edge/age-blocked {',
      '      internal;',
      '      auth_request off;',
      '      default_type "text/html; charset=utf-8";',
      '      add_header Cache-Control "private, no-store" always;',
      `      add_header Link "<${AGE_INFO_PATH}>; rel=\\"blocked-by\\"" always;`,
      `      return 451 "${BLOCKED_HTML}";`,
      '    }',
      '    location = /_edge/age-blocked.json {',
      '      internal;',
      '      auth_request off;',
      '      default_type application/json;',
      '      add_header Cache-Control "private, no-store" always;',
      `      return 451 "${BLOCKED_JSON}";`,
      '    }',
    );
  }
  lines.push(SERVER_END);
  return lines.join('\n');
}

/** `conf` with its two age-policy parts generated from `policy`. */
export function withNginxAgePolicy(conf: string, policy: AgePolicy): string {
  return withGeneratedBlock(withGeneratedBlock(conf, HTTP_BEGIN, HTTP_END, `${nginxAgeHttp(policy)}\n`, 'age policy (http)'), SERVER_BEGIN, SERVER_END, `${nginxAgeServer(policy)}\n`, 'age policy (server)');
}
