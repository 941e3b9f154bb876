import fs from 'node:fs';
import path from 'node:path';
import { nginxAgeHttp, nginxAgeServer, withNginxAgePolicy } from '@/lib/age/edge-part';
import { parseAgePolicy } from '@/lib/age/policy.mjs';
import { parseConfig } from '@/lib/config';

const SHIPPED = path.join(__dirname, '..', '..', '..', 'deploy', 'nginx', 'nginx.conf');

test('the shipped edge holds the default policy (npm run edge:age)', () => {
  const conf = fs.readFileSync(SHIPPED, 'utf8');
  expect(withNginxAgePolicy(conf, parseConfig({}).agePolicy)).toBe(conf);
  // Nothing blocked by default: no check of the region on every request; and only the country
  // cookie (the inline script knows each country's policy).
  expect(conf).not.toContain('$edge_age_blocked');
  expect(conf).not.toContain('$edge_age_cookie');
  expect(nginxAgeServer(parseAgePolicy('DE=confirm,GB=verify'))).not.toContain('Set-Cookie');
});

test('a policy becomes the maps, the 451 before the cache and the cookie', () => {
  const policy = parseAgePolicy('DE=confirm,GB=verify,NL=block,US=confirm,US-TX=block,US-CA=none,XX=verify');
  const http = nginxAgeHttp(policy);
  expect(http).toMatch(/map \$edge_geo_country \$edge_age_country_policy \{\n {4}DE confirm;\n {4}GB verify;\n {4}NL block;\n {4}US confirm;\n {4}XX verify;\n {4}default none;/);
  expect(http).toContain('    US-CA none;\n    US-TX block;\n    default $edge_age_country_policy;');
  expect(http).toContain('"~^block\\|/api/" /_edge/age-blocked.json;');
  const server = nginxAgeServer(policy);
  expect(server).toContain('if ($edge_age_blocked) {\n      rewrite ^ $edge_age_blocked last;');
  expect(server).toMatch(/return 451 "<!DOCTYPE html>[^"$\\]*";/);
  expect(server).toContain('return 451 "{\\"error\\":1,\\"code\\":\\"unavailable_for_legal_reasons\\"');
  expect(server).toContain('proxy_set_header CF-Region-Code "";');
  expect(server).toContain('add_header Set-Cookie $edge_age_cookie;');
  expect(http).toContain('default "tf_age=$edge_age_policy; Path=/; Max-Age=86400; SameSite=Lax";');
});
