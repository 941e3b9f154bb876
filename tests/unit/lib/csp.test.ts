/**
 * Issue 20 item 5: the Content-Security-Policy names only what the configuration uses. On main it
 * held `https:` in img-src, media-src and frame-src, and every analytics host whatever was set.
 */
import { parseConfig } from '@/lib/config';
import { cspSources, embedCsp, pageCsp } from '@/lib/web/security-headers';
import { PLAYER_SANDBOX, OWN_PLAYER_SANDBOX, playerSandbox } from '@/components/video/player';

const directive = (csp: string, name: string) =>
  (csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '').split(' ').slice(1);
const csp = (env: Record<string, string> = {}) => pageCsp(cspSources(parseConfig(env)));

describe('the page policy', () => {
  it('has no scheme wildcard and, by default, no analytics host', () => {
    // (frame-ancestors * is the /embed/ player's: other sites may frame it.)
    for (const policy of [csp(), embedCsp(cspSources(parseConfig({}))).replace('; frame-ancestors *', '')]) {
      expect(policy).not.toMatch(/(^|[\s;])(https?:|\*)(?=[\s;]|$)/);
    }
    expect(csp()).not.toMatch(/google|yandex/);
    expect(directive(csp(), 'img-src')).toEqual(["'self'", 'data:']);
    expect(directive(csp(), 'script-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('frames only this origin and EMBED_HOSTS players (with their subdomains)', () => {
    expect(directive(csp({ EMBED_HOSTS: 'player.example,cdn.example.net:8443' }), 'frame-src')).toEqual([
      "'self'", 'player.example', '*.player.example', 'cdn.example.net:8443', '*.cdn.example.net:8443',
    ]);
  });

  it('takes images and previews from this origin, IMG_HOSTS and an upstream', () => {
    const policy = csp({ IMG_HOSTS: 'img.example.com', API_ORIGIN: 'https://api.example.org' });
    expect(directive(policy, 'img-src')).toEqual(["'self'", 'https://api.example.org', 'img.example.com', 'data:']);
    expect(directive(policy, 'media-src')).toEqual(["'self'", 'https://api.example.org', 'img.example.com']);
  });

  it("keeps an IMG_HOSTS host's www.: the policy lists each host exactly, without its subdomains", () => {
    expect(directive(csp({ IMG_HOSTS: 'www.img.example.com' }), 'img-src')).toEqual(["'self'", 'www.img.example.com', 'data:']);
    expect(directive(csp({ EMBED_HOSTS: 'www.player.example' }), 'frame-src')).toEqual(["'self'", 'player.example', '*.player.example']);
  });

  it('allows an analytics service only when its ID is set, its tag by path', () => {
    const ga = csp({ ANALYTICS_GA_ID: 'G-ABC123XYZ' });
    expect(directive(ga, 'script-src')).toEqual(["'self'", "'unsafe-inline'", 'https://www.googletagmanager.com/gtag/js']);
    expect(ga).not.toMatch(/yandex/);
    const ym = csp({ ANALYTICS_YM_ID: '12345678' });
    expect(directive(ym, 'script-src')).toEqual(["'self'", "'unsafe-inline'", 'https://mc.yandex.ru/metrika/tag.js']);
    expect(ym).not.toMatch(/google/);
  });
});

describe('the player iframe', () => {
  it('is sandboxed without top navigation, forms or modals', () => {
    const flags = PLAYER_SANDBOX.split(' ');
    expect(flags).toEqual(expect.arrayContaining(['allow-scripts', 'allow-same-origin', 'allow-presentation']));
    expect(flags.filter((f) => /top-navigation|forms|modals|pointer-lock/.test(f))).toEqual([]);
  });

  it("keeps this site's own player in an opaque origin: scripts and same-origin together could lift its sandbox", () => {
    expect(playerSandbox('/embed/5/')).toBe(OWN_PLAYER_SANDBOX);
    expect(OWN_PLAYER_SANDBOX.split(' ')).not.toContain('allow-same-origin');
    expect(playerSandbox('https://embed.example.com/embed/5')).toBe(PLAYER_SANDBOX);
    expect(playerSandbox('//evil.example/x')).toBe(PLAYER_SANDBOX);
  });
});
