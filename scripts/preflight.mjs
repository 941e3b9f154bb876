#!/usr/bin/env node
/**
 * The outside programs the test chain needs, checked before anything runs, so that a machine
 * without one (another Linux, a Mac) hears in one line per program what is missing and how to
 * install it, instead of a stack trace from the middle of a suite.
 *
 *   node scripts/preflight.mjs                      every suite of `npm test` (its first step)
 *   node scripts/preflight.mjs --suite test:compat node tests/compat/run.mjs [args…]
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

/** Where deploy/nginx/nginx.conf's load_module line finds the geoip2 module (Debian's package). */
const GEOIP2_MODULE = '/usr/lib/nginx/modules/ngx_http_geoip2_module.so';

/**
 * The suites of `npm test` that need a program beyond Node and the npm packages.
 * @satisfies {Record<string, ProgramName[]>}
 */
export const SUITE_NEEDS = {
  'test:e2e': ['chromium'],
  'test:compat': ['chromium', 'yt-dlp', 'nginx', 'openssl'],
  'test:cache': ['chromium', 'nginx', 'wrk'],
  'test:judges': ['chromium', 'java'],
  'test:import': ['chromium'],
  'test:pg': ['postgresql'],
  'test:redis': ['redis-server', 'openssl'],
  'test:origin': ['redis-server'],
  'test:edge': ['nginx', 'nginx-geoip2', 'redis-server', 'chromium'],
  'test:age': ['chromium'],
  'test:faults': ['postgresql'],
};

/** @typedef {keyof typeof SUITE_NEEDS} Suite */
/** @typedef {keyof ReturnType<typeof programs>} ProgramName */
/**
 * What the lookup looks at: the environment, the platform and the files there.
 * @typedef {object} Probe
 * @property {Record<string, string | undefined>} env
 * @property {string} platform
 * @property {(path: string) => boolean} exists an executable file (or a folder) at the path
 * @property {(path: string) => boolean} [readable] a readable file at the path (exists, when not given)
 * @property {(dir: string) => string[]} readdir
 * @property {() => string | null} bundledChromium
 */
/** @typedef {{ program: string; suites: string[]; install: string }} Missing */

/**
 * Finds an executable file on `PATH`; null when there is none.
 * @param {string} cmd
 * @param {Probe['env']} env
 * @param {Probe['exists']} exists
 */
function onPath(cmd, env, exists) {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir && exists(path.join(dir, cmd))) return path.join(dir, cmd);
  }
  return null;
}

/**
 * The newest /usr/lib/postgresql/<major>/bin with an initdb, as tests/support/system/postgres.mjs looks.
 * @param {Probe['readdir']} readdir
 * @param {Probe['exists']} exists
 */
function debianPgBin(readdir, exists) {
  /** @type {string[]} */
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
 * @param {Probe} probe
 */
function programs({ env, platform, exists, readable = exists, readdir, bundledChromium }) {
  const mac = platform === 'darwin';
  /** @param {string} pkg */
  const apt = (pkg) => (mac ? null : `sudo apt-get install -y ${pkg}`);
  // Only ever the right of `apt(…) ??`, so reached on a Mac only.
  /** @param {string} pkg */
  const brew = (pkg) => `brew install ${pkg}`;
  /**
   * @param {string} variable
   * @param {string} debianPath
   * @returns {() => string | null}
   */
  const fixed = (variable, debianPath) => () => {
    const configured = env[variable];
    if (configured) return exists(configured) ? configured : null;
    return exists(debianPath) ? debianPath : null;
  };
  /**
   * @param {string} variable
   * @param {string} cmd
   * @returns {() => string | null}
   */
  const elsewhere = (variable, cmd) => () => {
    const found = onPath(cmd, env, exists);
    return found ? `${cmd} is at ${found}: set ${variable}=${found}` : null;
  };
  return {
    chromium: {
      // As playwright.config.ts and tests/judges/browser.mjs: CHROMIUM_PATH, Debian's, else Playwright's own.
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
      install: apt('default-jre-headless') ?? brew('openjdk'),
    },
    postgresql: {
      // As tests/support/system/postgres.mjs: TEST_DATABASE_URL (a server of yours), PG_BIN, else Debian's.
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
      // tests/support/system/nginx.mjs and edge.mjs: NGINX_PATH or /usr/sbin/nginx; tls-front.mjs: PATH or /usr/sbin.
      find: () => {
        const configured = env.NGINX_PATH || '/usr/sbin/nginx';
        const forTlsFront = onPath('nginx', env, exists) || (exists('/usr/sbin/nginx') ? '/usr/sbin/nginx' : null);
        return exists(configured) && forTlsFront ? configured : null;
      },
      install: `${apt('nginx') ?? brew('nginx')}; elsewhere than /usr/sbin, NGINX_PATH=<path> and nginx on PATH`,
      hint: elsewhere('NGINX_PATH', 'nginx'),
    },
    'nginx-geoip2': {
      // The shipped edge (deploy/nginx/nginx.conf) loads Debian's geoip2 module from this path.
      find: () => (readable(GEOIP2_MODULE) ? GEOIP2_MODULE : null),
      install: apt('libnginx-mod-http-geoip2') ?? `an nginx with ngx_http_geoip2_module at ${GEOIP2_MODULE} (the edge's load_module line)`,
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
 * @param {readonly string[]} suites names of npm scripts; those that need no program are passed over
 * @param {Probe} probe
 * @returns {Missing[]}
 */
export function missingPrograms(suites, probe) {
  const table = programs(probe);
  /** @type {Partial<Record<string, ProgramName[]>>} */
  const needs = SUITE_NEEDS;
  /** @type {Map<ProgramName, string[]>} */
  const wanted = new Map();
  for (const suite of suites) for (const p of needs[suite] ?? []) wanted.set(p, [...(wanted.get(p) ?? []), suite]);
  /** @type {Missing[]} */
  const missing = [];
  for (const [program, by] of wanted) {
    /** @type {{ find: () => string | null; install: string; hint?: () => string | null }} */
    const t = table[program];
    if (t.find()) continue;
    const seen = t.hint?.();
    missing.push({ program, suites: by, install: seen ? `${seen} (or ${t.install})` : t.install });
  }
  return missing;
}

/**
 * One line per missing program.
 * @param {readonly Missing[]} missing
 * @returns {string[]}
 */
export function describe(missing) {
  return missing.map((m) => `preflight: ${m.program} is missing (needed by ${m.suites.join(', ')}): ${m.install}`);
}

/**
 * This machine.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Probe}
 */
function realProbe(env = process.env) {
  /** @param {string} p */
  const exists = (p) => {
    try {
      fs.accessSync(p, fs.constants.X_OK);
      return fs.statSync(p).isFile() || fs.statSync(p).isDirectory();
    } catch {
      return false;
    }
  };
  /** @param {string} p */
  const readable = (p) => {
    try {
      fs.accessSync(p, fs.constants.R_OK);
      return fs.statSync(p).isFile();
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
  return { env, platform: process.platform, exists, readable, readdir: (/** @type {string} */ d) => fs.readdirSync(d), bundledChromium };
}

/** @param {NodeJS.ProcessEnv} env */
function skipAllowed(env) {
  if (env.TEST_SKIP_MISSING !== '1') return false;
  if (env.CI) {
    console.error('preflight: TEST_SKIP_MISSING=1 is refused under CI: CI runs every suite');
    process.exit(1);
  }
  return true;
}

/**
 * @param {string[]} argv the arguments after the script's path
 * @returns {number | Promise<number>} the exit status
 */
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
    const [program, ...programArgs] = /** @type {[string, ...string[]]} */ (command);
    const child = spawn(program, programArgs, { stdio: 'inherit', env, shell: process.platform === 'win32' });
    for (const sig of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(sig, () => child.kill(sig));
    child.on('error', (err) => {
      console.error(`${suite}: cannot run ${program}: ${err.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? 128 + (signal ? os.constants.signals[signal] : 0)));
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  Promise.resolve(main(process.argv.slice(2))).then((code) => process.exit(code));
}
