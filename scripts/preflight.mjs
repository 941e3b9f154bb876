#!/usr/bin/env node
/**
 * The outside programs the test chain needs, checked before anything runs, so that a machine
 * without one (another Linux, a Mac) hears in one line per program what is missing and how to
 * install it, instead of a stack trace from the middle of a suite.
 *
 *   node scripts/preflight.mjs                      every suite of `npm test` (its first step)
 *   node scripts/preflight.mjs --suite test:compat node scripts/compat.mjs [args…]
 *                                                   one suite: checks what it needs, then runs it
 *
 * Each program is found the way its suite finds it (the same environment overrides, PATH, the
 * Debian locations). Missing ones: one line each, exit 1. With TEST_SKIP_MISSING=1 the check
 * passes instead and every suite that lacks a program is skipped, named in one line; the others
 * run. Under CI (CI set) nothing may be skipped: TEST_SKIP_MISSING is refused there.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The suites of `npm test` that need a program beyond Node and the npm packages. */
export const SUITE_NEEDS = {
  'test:e2e': ['chromium'],
  'test:compat': ['chromium', 'yt-dlp', 'nginx', 'openssl'],
  'test:cache': ['chromium', 'nginx', 'wrk'],
  'test:judges': ['chromium', 'java'],
  'test:import': ['chromium'],
  'test:pg': ['postgresql'],
  'test:redis': ['redis-server', 'openssl'],
  'test:edge': ['nginx', 'redis-server'],
};

/** Finds an executable file on `PATH`; null when there is none. */
function onPath(cmd, env, exists) {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir && exists(path.join(dir, cmd))) return path.join(dir, cmd);
  }
  return null;
}

/** The newest /usr/lib/postgresql/<major>/bin with an initdb, as scripts/lib/postgres.mjs looks. */
function debianPgBin(readdir, exists) {
  let majors = [];
  try {
    majors = readdir('/usr/lib/postgresql').filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  majors.sort((a, b) => Number(b) - Number(a));
  const major = majors.find((m) => exists(`/usr/lib/postgresql/${m}/bin/initdb`));
  return major ? `/usr/lib/postgresql/${major}/bin` : null;
}

/**
 * How each program is found and installed. `find` returns where it is, or null; `install` says
 * how to get it on this platform; `hint` (optional) names a copy found where the suite does not
 * look, with the variable that points the suite at it.
 */
function programs({ env, platform, exists, readdir, bundledChromium }) {
  const mac = platform === 'darwin';
  const apt = (pkg) => (mac ? null : `sudo apt-get install -y ${pkg}`);
  const brew = (pkg) => (mac ? `brew install ${pkg}` : null);
  const fixed = (variable, debianPath) => () => {
    if (env[variable]) return exists(env[variable]) ? env[variable] : null;
    return exists(debianPath) ? debianPath : null;
  };
  const elsewhere = (variable, cmd) => () => {
    const found = onPath(cmd, env, exists);
    return found ? `${cmd} is at ${found}: set ${variable}=${found}` : null;
  };
  return {
    chromium: {
      // As playwright.config.ts and scripts/judges.mjs: CHROMIUM_PATH, Debian's, else Playwright's own.
      find: () => {
        if (env.CHROMIUM_PATH) return exists(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : null;
        if (exists('/usr/bin/chromium')) return '/usr/bin/chromium';
        const own = bundledChromium();
        return own && exists(own) ? own : null;
      },
      install: [env.CHROMIUM_PATH ? `CHROMIUM_PATH=${env.CHROMIUM_PATH} does not exist; unset it or` : null, 'npx playwright install chromium', apt('chromium') && `(or ${apt('chromium')})`]
        .filter(Boolean)
        .join(' '),
    },
    java: {
      // vnu-jar (the W3C HTML checker of test:judges) runs on Java 11 or newer.
      find: () => onPath('java', env, exists),
      install: apt('default-jre-headless') ?? brew('openjdk') ?? 'a Java 11+ runtime on PATH',
    },
    postgresql: {
      // As scripts/lib/postgres.mjs: TEST_DATABASE_URL (a server of yours), PG_BIN, else Debian's.
      find: () => {
        if (env.TEST_DATABASE_URL) return env.TEST_DATABASE_URL.replace(/\/\/[^@/]*@/, '//…@');
        if (env.PG_BIN) return exists(path.join(env.PG_BIN, 'initdb')) ? env.PG_BIN : null;
        return debianPgBin(readdir, exists);
      },
      install: `${apt('postgresql') ?? brew('postgresql@15')}, then (off Debian) PG_BIN=<folder of initdb and pg_ctl>; or TEST_DATABASE_URL=postgres://user:password@host/db of a server you may create databases on`,
      hint: () => {
        const found = onPath('initdb', env, exists);
        return found ? `initdb is at ${found}: set PG_BIN=${path.dirname(found)}` : null;
      },
    },
    'redis-server': {
      find: fixed('REDIS_SERVER', '/usr/bin/redis-server'),
      install: `${apt('redis-server') ?? brew('redis')}; elsewhere than /usr/bin, REDIS_SERVER=<path>`,
      hint: elsewhere('REDIS_SERVER', 'redis-server'),
    },
    nginx: {
      // scripts/lib/nginx.mjs and edge.mjs: NGINX_PATH or /usr/sbin/nginx; tls-front.mjs: PATH or /usr/sbin.
      find: () => {
        const configured = env.NGINX_PATH || '/usr/sbin/nginx';
        const forTlsFront = onPath('nginx', env, exists) || (exists('/usr/sbin/nginx') ? '/usr/sbin/nginx' : null);
        return exists(configured) && forTlsFront ? configured : null;
      },
      install: `${apt('nginx') ?? brew('nginx')}; elsewhere than /usr/sbin, NGINX_PATH=<path> and nginx on PATH`,
      hint: elsewhere('NGINX_PATH', 'nginx'),
    },
    openssl: { find: () => onPath('openssl', env, exists), install: apt('openssl') ?? brew('openssl') },
    'yt-dlp': {
      // The compatibility test runs Debian's yt-dlp (its TXXX extractor) found on PATH.
      find: () => onPath('yt-dlp', env, exists),
      install: apt('yt-dlp') ?? brew('yt-dlp'),
    },
    wrk: {
      // The short soak of test:cache (scripts/soak.mjs): WRK_PATH or /usr/bin/wrk.
      find: fixed('WRK_PATH', '/usr/bin/wrk'),
      install: `${apt('wrk') ?? brew('wrk')}; elsewhere than /usr/bin, WRK_PATH=<path>`,
      hint: elsewhere('WRK_PATH', 'wrk'),
    },
  };
}

/**
 * The programs that `suites` need and this machine lacks: [{ program, suites, install }].
 * Everything it looks at is given (environment, platform, file tests), so that it can be tested.
 */
export function missingPrograms(suites, probe) {
  const table = programs(probe);
  const wanted = new Map();
  for (const suite of suites) for (const p of SUITE_NEEDS[suite] ?? []) wanted.set(p, [...(wanted.get(p) ?? []), suite]);
  const missing = [];
  for (const [program, by] of wanted) {
    const t = table[program];
    if (t.find()) continue;
    const seen = t.hint?.();
    missing.push({ program, suites: by, install: seen ? `${seen} (or ${t.install})` : t.install });
  }
  return missing;
}

/** One line per missing program. */
export function describe(missing) {
  return missing.map((m) => `preflight: ${m.program} is missing (needed by ${m.suites.join(', ')}): ${m.install}`);
}

function realProbe(env = process.env) {
  const exists = (p) => {
    try {
      fs.accessSync(p, fs.constants.X_OK);
      return fs.statSync(p).isFile() || fs.statSync(p).isDirectory();
    } catch {
      return false;
    }
  };
  const bundledChromium = () => {
    try {
      const r = spawnSync(process.execPath, ['-e', "process.stdout.write(require('playwright-core').chromium.executablePath())"], { encoding: 'utf8', env });
      return r.status === 0 ? r.stdout.trim() : null;
    } catch {
      return null;
    }
  };
  return { env, platform: process.platform, exists, readdir: (d) => fs.readdirSync(d), bundledChromium };
}

function skipAllowed(env) {
  if (env.TEST_SKIP_MISSING !== '1') return false;
  if (env.CI) {
    console.error('preflight: TEST_SKIP_MISSING=1 is refused under CI: CI runs every suite');
    process.exit(1);
  }
  return true;
}

function main(argv) {
  const env = process.env;
  const suiteAt = argv.indexOf('--suite');
  if (suiteAt === -1) {
    // The whole chain of `npm test`.
    const missing = missingPrograms(Object.keys(SUITE_NEEDS), realProbe(env));
    if (!missing.length) return 0;
    for (const line of describe(missing)) console.error(line);
    if (skipAllowed(env)) {
      const skipped = Object.keys(SUITE_NEEDS).filter((s) => missing.some((m) => m.suites.includes(s)));
      console.error(`preflight: TEST_SKIP_MISSING=1: ${skipped.join(', ')} will be skipped; the other suites run`);
      return 0;
    }
    console.error('preflight: install them and run npm test again, or TEST_SKIP_MISSING=1 npm test to run only the suites that can run');
    return 1;
  }
  const suite = argv[suiteAt + 1];
  const command = argv.slice(suiteAt + 2);
  if (!suite || !command.length) {
    console.error('usage: node scripts/preflight.mjs [--suite <name> <command> [args…]]');
    return 2;
  }
  const missing = missingPrograms([suite], realProbe(env));
  if (missing.length) {
    for (const line of describe(missing)) console.error(line);
    if (skipAllowed(env)) {
      console.error(`${suite}: skipped (TEST_SKIP_MISSING=1), missing ${missing.map((m) => m.program).join(', ')}`);
      return 0;
    }
    return 1;
  }
  // The suite itself, with what npm passed on after `--`; its exit status is ours.
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { stdio: 'inherit', env, shell: process.platform === 'win32' });
    for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
    child.on('error', (err) => {
      console.error(`${suite}: cannot run ${command[0]}: ${err.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? 128 + (os.constants.signals[signal] ?? 0)));
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  Promise.resolve(main(process.argv.slice(2))).then((code) => process.exit(code));
}
