/**
 * proxy.ts's matcher is a literal (Next reads it without running the module): it must be the
 * route families' table's proxyMatchers(), and each rule's `does` must be what the proxy's
 * decisions (lib/web/routes.ts) do with the requests it admits.
 */
import { config } from '@/proxy';
import { proxyMatchers, ROUTE_FAMILIES } from '@/lib/web/route-families';
import { patternPath } from '@/lib/web/route-pattern';
import { routeDecision } from '@/lib/web/routes';

const VALUES = { sort: 'top-rated', page: '2', category: 'travel' };
/** A canonical value and a value the site never produces, per argument a rule may ask for. */
const ARGS: Record<string, { canonical: string; other: string }> = {
  date: { canonical: 'week', other: 'fortnight' },
  duration: { canonical: '1', other: '9' },
  sort: { canonical: 'title', other: 'views' },
  letter: { canonical: 'b', other: 'bb' },
  page: { canonical: '2', other: '02' },
};

const decide = (path: string) => routeDecision(new URL(path, 'http://site.example'));
const kindOf = (d: ReturnType<typeof routeDecision>) => (d === null ? 'none' : 'redirect' in d ? 'redirect' : 'rewrite');

test("proxy.ts's matcher is the table's", () => {
  // On a difference, write proxyMatchers()'s value into proxy.ts.
  expect(config.matcher).toEqual(proxyMatchers());
});

describe('each proxy rule of the table does what it says', () => {
  const rules = ROUTE_FAMILIES.flatMap((f) => (f.proxy ?? []).map((rule) => [f.name, rule.source, rule.hasQuery ?? '', rule] as const));

  test.each(rules)('%s %s %s', (_family, source, _has, rule) => {
    const path = patternPath(source, VALUES);
    if (rule.does === 'redirect') {
      expect(kindOf(decide(path))).toBe('redirect');
    } else if (rule.does === 'redirect-or-rewrite') {
      const arg = ARGS[rule.hasQuery ?? ''];
      if (!arg) throw new Error(`no example values for ${rule.hasQuery}`);
      expect(kindOf(decide(`${path}?${rule.hasQuery}=${arg.canonical}`))).toBe('rewrite');
      expect(kindOf(decide(`${path}?${rule.hasQuery}=${arg.other}`))).toBe('redirect');
    } else {
      // The cache header only: the page itself answers.
      expect(kindOf(decide(`${path}?s=lake`))).toBe('none');
    }
  });

  test('a family without rules is left alone by the proxy', () => {
    const plain = ROUTE_FAMILIES.filter((f) => !f.proxy).flatMap((f) => f.paths.map((p) => patternPath(p, VALUES)));
    for (const path of plain) expect([path, kindOf(decide(`${path}?date=week&duration=1&sort=title`))]).toEqual([path, 'none']);
  });
});
