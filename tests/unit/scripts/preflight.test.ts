/**
 * scripts/preflight.mjs: `npm test` on a machine without Debian's programs says in one line per
 * program what is missing and how to install it, before anything runs. The lookup is tested with
 * a made-up machine; the command itself with PATH stripped and every override pointing nowhere.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe as lines, missingPrograms, SUITE_NEEDS } from '@/scripts/preflight.mjs';

const ALL = Object.keys(SUITE_NEEDS);

/** A machine holding exactly `files` (executables and folders). */
function machine(files: string[], { env = {}, platform = 'linux', bundled = null as string | null } = {}) {
  const set = new Set(files);
  return {
    env: { PATH: '/usr/local/bin:/usr/bin:/bin', ...env } as Record<string, string | undefined>,
    platform,
    exists: (p: string) => set.has(p),
    readdir: (d: string) => {
      const inside = [...set].filter((f) => f.startsWith(`${d}/`)).map((f) => f.slice(d.length + 1).split('/')[0]!);
      if (!inside.length) throw new Error(`ENOENT ${d}`);
      return [...new Set(inside)];
    },
    bundledChromium: () => bundled,
  };
}

const DEBIAN = [
  '/usr/bin/chromium',
  '/usr/bin/java',
  '/usr/lib/postgresql/15/bin/initdb',
  '/usr/bin/redis-server',
  '/usr/sbin/nginx',
  '/usr/lib/nginx/modules/ngx_http_geoip2_module.so',
  '/usr/bin/openssl',
  '/usr/bin/yt-dlp',
  '/usr/bin/wrk',
];

describe('the programs the test chain needs', () => {
  it('finds nothing missing on the Debian machine CI sets up', () => {
    expect(missingPrograms(ALL, machine(DEBIAN))).toEqual([]);
  });

  it('names every missing program once, with the suites that need it and an install command', () => {
    const missing = missingPrograms(ALL, machine([]));
    expect(missing.map((m) => m.program).sort()).toEqual(['chromium', 'java', 'nginx', 'nginx-geoip2', 'openssl', 'postgresql', 'redis-server', 'wrk', 'yt-dlp']);
    expect(missing.find((m) => m.program === 'java')).toEqual({ program: 'java', suites: ['test:judges'], install: 'sudo apt-get install -y default-jre-headless' });
    expect(missing.find((m) => m.program === 'chromium')?.suites).toEqual(['test:e2e', 'test:compat', 'test:cache', 'test:judges', 'test:import', 'test:edge', 'test:age']);
    // Chromium has an npm-provided equivalent: Playwright's own browser.
    expect(missing.find((m) => m.program === 'chromium')?.install).toMatch(/^npx playwright install chromium/);
    const text = lines(missing);
    expect(text).toHaveLength(9);
    for (const l of text) expect(l).toMatch(/^preflight: \S+ is missing \(needed by test:[a-z0-9]+(, test:[a-z0-9]+)*\): \S.*$/);
  });

  it('asks only for what the given suites need', () => {
    expect(missingPrograms(['test:judges'], machine(['/usr/bin/chromium'])).map((m) => m.program)).toEqual(['java']);
    expect(missingPrograms(['test:unit', 'test:trust', 'test:fuzz'], machine([]))).toEqual([]);
  });

  it('looks where the suites look: the overrides, then the Debian places, then Playwright’s browser', () => {
    // A variable that names nothing is missing, even with the Debian file there (the suite would use the variable).
    expect(missingPrograms(['test:redis'], machine(DEBIAN, { env: { REDIS_SERVER: '/opt/redis/bin/redis-server' } })).map((m) => m.program)).toEqual(['redis-server']);
    expect(missingPrograms(['test:redis'], machine([...DEBIAN, '/opt/redis/bin/redis-server'], { env: { REDIS_SERVER: '/opt/redis/bin/redis-server' } }))).toEqual([]);
    expect(missingPrograms(['test:e2e'], machine([], { bundled: '/root/.cache/ms-playwright/chromium/chrome' }))).toHaveLength(1);
    expect(missingPrograms(['test:e2e'], machine(['/root/.cache/ms-playwright/chromium/chrome'], { bundled: '/root/.cache/ms-playwright/chromium/chrome' }))).toEqual([]);
    // PostgreSQL: a server of one's own is enough, or initdb in PG_BIN.
    expect(missingPrograms(['test:pg'], machine([], { env: { TEST_DATABASE_URL: 'postgres://u:p@db/x' } }))).toEqual([]);
    expect(missingPrograms(['test:pg'], machine(['/opt/pg/bin/initdb'], { env: { PG_BIN: '/opt/pg/bin' } }))).toEqual([]);
  });

  it('on a Mac says brew, and points the suite at a copy found elsewhere', () => {
    const mac = machine(['/opt/homebrew/bin/redis-server', '/opt/homebrew/bin/initdb'], { platform: 'darwin', env: { PATH: '/opt/homebrew/bin:/usr/bin' } });
    const missing = missingPrograms(['test:redis', 'test:pg', 'test:judges'], mac);
    expect(missing.find((m) => m.program === 'redis-server')?.install).toMatch(/^redis-server is at \/opt\/homebrew\/bin\/redis-server: set REDIS_SERVER=\/opt\/homebrew\/bin\/redis-server \(or brew install redis/);
    expect(missing.find((m) => m.program === 'postgresql')?.install).toMatch(/set PG_BIN=\/opt\/homebrew\/bin/);
    expect(missing.find((m) => m.program === 'java')?.install).toBe('brew install openjdk');
  });
});

describe('node scripts/preflight.mjs on a machine without them', () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-path-'));
  afterAll(() => fs.rmSync(empty, { recursive: true, force: true }));
  const script = path.join(process.cwd(), 'scripts/preflight.mjs');
  // Nothing on PATH, and every override names nothing: every program is missing on any machine.
  const bare = { PATH: empty, HOME: empty, CHROMIUM_PATH: '/nonexistent/chromium', PG_BIN: '/nonexistent/pg', REDIS_SERVER: '/nonexistent/redis-server', NGINX_PATH: '/nonexistent/nginx', WRK_PATH: '/nonexistent/wrk' };
  const run = (args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, [script, ...args], { env: { ...bare, ...env } as unknown as NodeJS.ProcessEnv, encoding: 'utf8' });

  it('prints one line per missing program and how to go on, nothing else, and fails', () => {
    const r = run([]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    const out = r.stderr.trim().split('\n');
    expect(out).toHaveLength(9);
    expect(out.slice(0, 8).every((l) => l.startsWith('preflight: ') && l.includes(' is missing (needed by '))).toBe(true);
    expect(out[8]).toMatch(/TEST_SKIP_MISSING=1 npm test/);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('with TEST_SKIP_MISSING=1 passes, naming the suites that will be skipped; under CI it refuses', () => {
    const skip = run([], { TEST_SKIP_MISSING: '1' });
    expect(skip.status).toBe(0);
    expect(skip.stderr).toContain('test:e2e, test:compat, test:cache, test:judges, test:import, test:pg, test:redis, test:origin, test:edge, test:age, test:faults will be skipped');
    const ci = run([], { TEST_SKIP_MISSING: '1', CI: 'true' });
    expect(ci.status).toBe(1);
    expect(ci.stderr).toMatch(/refused under CI/);
  });

  it('runs one suite only when it has what it needs, and passes its exit status on', () => {
    const marker = path.join(empty, 'ran');
    const touch = [process.execPath, '-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x'); process.exit(3)`];
    const refused = run(['--suite', 'test:judges', ...touch]);
    expect(refused.status).toBe(1);
    expect(fs.existsSync(marker)).toBe(false);
    const skipped = run(['--suite', 'test:judges', ...touch], { TEST_SKIP_MISSING: '1' });
    expect(skipped.status).toBe(0);
    expect(skipped.stderr).toMatch(/^test:judges: skipped \(TEST_SKIP_MISSING=1\), missing chromium, java$/m);
    expect(fs.existsSync(marker)).toBe(false);
    // A suite that needs no outside program runs, and its status is the command's.
    const ran = run(['--suite', 'test:trust', ...touch]);
    expect(ran.status).toBe(3);
    expect(fs.existsSync(marker)).toBe(true);
  });
});
