/**
 * The EU wallet's fallback through the site's own routes over real HTTP (AGE_PROVIDER=eudi,
 * OpenID4VP response_mode=direct_post): the browser starts a check at /age/verify/, the wallet
 * (tests/unit/age/eudi-test-wallet.ts: a test issuer's attestation) posts its presentation to the
 * response URI itself, without the browser's cookies, and the browser collects the pass at the
 * redirect_uri of the site's reply. Refused: an issuer the operator does not trust, a handle used
 * twice, a handle followed by another browser.
 *
 * Then the Digital Credentials API's page in Chromium, on a second server offering the API. Without
 * the API the page takes the redirect at once. Debian's Chromium has the API but no wallet behind
 * it (its request never settles), so the page's post of an answer is exercised by giving the page
 * a navigator.credentials.get() that answers with the test wallet's presentation.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { tsImport } from 'tsx/esm/api';
import { launchChromium } from '../judges/browser.mjs';
import { freePort, freshCatalogEnv, startNext } from '../support/system/harness.mjs';
import { request } from '../support/system/http-client.mjs';
import { prepareSite } from '../support/system/suite.mjs';

/** @type {typeof import('../unit/age/eudi-test-wallet.js')} */
const testWallet = await tsImport('../unit/age/eudi-test-wallet.ts', import.meta.url);

const DIST = process.env.AGE_DIST_DIR || '.next-age';
const BRITAIN = { 'cf-ipcountry': 'GB' };
const trustedIssuer = testWallet.makeIssuer('Trusted Age Issuer');
const otherIssuer = testWallet.makeIssuer('Unknown Age Issuer');

/**
 * PEM from the DER, one line per 64 characters (the helper's own PEM has an empty line before its
 * end when the base64 fills its last line, which OpenSSL refuses).
 * @param {Buffer} der
 */
const pemOf = (der) => `-----BEGIN CERTIFICATE-----\n${der.toString('base64').match(/.{1,64}/g)?.join('\n')}\n-----END CERTIFICATE-----\n`;

/** @type {Awaited<ReturnType<typeof startNext>>} */
let site;

/** @type {NodeJS.ProcessEnv} */
let siteEnv;
const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tubefront-age-'));

before(async () => {
  // As an operator gives it: the path of a PEM file.
  const certs = path.join(tempDir, 'trusted.pem');
  fs.writeFileSync(certs, pemOf(trustedIssuer.root.der));
  const env = freshCatalogEnv('data/age-wallet.db', {
    NEXT_DIST_DIR: DIST,
    TRUST_PROXY: '1',
    AGE_POLICY: 'GB=verify',
    AGE_PROVIDER: 'eudi',
    AGE_EUDI_TRUSTED_CERTS: certs,
    AGE_EUDI_WALLET_URL: 'openid4vp://',
    // The redirect only: the browser's Digital Credentials API is not part of these requests.
    AGE_EUDI_DC_API: '0',
    AGE_PASS_SECRET: randomBytes(32).toString('base64url'),
  });
  delete env.AGE_GATE_COUNTRIES;
  prepareSite(env);
  siteEnv = env;
  site = await startNext(await freePort(), env);
});

after(async () => {
  await site?.stop();
  fs.rmSync(tempDir, { recursive: true, force: true });
});

/** A browser's cookie jar, enough for these routes: name=value of every Set-Cookie, removed at Max-Age=0. */
function browser() {
  /** @type {Map<string, string>} */
  const jar = new Map();
  /** @param {string} pathname @param {{ method?: string; body?: string; headers?: Record<string, string> }} [options] */
  async function go(pathname, options = {}) {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await request(`${site.baseUrl}${pathname}`, { ...options, headers: { ...BRITAIN, ...(cookie ? { cookie } : {}), ...options.headers } });
    for (const line of res.headers['set-cookie'] ?? []) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (/max-age=0\b/i.test(line)) jar.delete(pair.slice(0, eq));
      else jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  }
  return { go, jar };
}

/** The check's request, as the wallet reads it from the redirect the browser was given. */
async function startCheck(visitor = browser()) {
  const res = await visitor.go('/age/verify/?return=/videos/latest-updates/1/');
  assert.equal(res.status, 303);
  const wallet = new URL(/** @type {string} */ (res.headers.location));
  assert.equal(wallet.protocol, 'openid4vp:');
  const q = wallet.searchParams;
  const request = { clientId: q.get('client_id') ?? '', nonce: q.get('nonce') ?? '', responseUri: q.get('response_uri') ?? '', state: q.get('state') ?? '' };
  assert.equal(q.get('response_mode'), 'direct_post');
  assert.match(request.responseUri, /\/age\/return\/\?handle=[A-Za-z0-9_-]{22}$/);
  assert.ok(!request.responseUri.includes(request.nonce), 'the handle is not the nonce');
  assert.ok(visitor.jar.has('tf_age_check'));
  return { visitor, request };
}

/**
 * The wallet's post to the response URI (form fields, no cookie), with a presentation made for the request.
 * @param {{ clientId: string; nonce: string; responseUri: string; state: string }} req
 */
async function walletPosts(req, issuer = trustedIssuer) {
  const wallet = testWallet.makeWallet({ signer: issuer.signer, chain: [issuer.signer.der] });
  const vpToken = JSON.stringify({ age: [wallet.present(testWallet.redirectTranscript(req.clientId, req.nonce, req.responseUri))] });
  const target = new URL(req.responseUri);
  return request(`${site.baseUrl}${target.pathname}${target.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ vp_token: vpToken, state: req.state }).toString(),
  });
}

/** @param {{ text: string; headers: import('node:http').IncomingHttpHeaders }} res */
function redirectUri(res) {
  assert.match(String(res.headers['content-type']), /application\/json/);
  const uri = new URL(JSON.parse(res.text).redirect_uri);
  return `${uri.pathname}${uri.search}`;
}

/** @param {ReturnType<typeof browser>} visitor */
const mediaStatus = async (visitor) => (await visitor.go('/demo/preview.mp4')).status;

test('the wallet posts its presentation without cookies, the browser collects the pass at redirect_uri, and the media open', async () => {
  const { visitor, request: req } = await startCheck();
  assert.equal(await mediaStatus(visitor), 403, 'no media before the pass');
  const posted = await walletPosts(req);
  assert.equal(posted.status, 200, posted.text);
  assert.equal(posted.headers['set-cookie'], undefined, 'the wallet is given no cookie');
  const back = await visitor.go(redirectUri(posted));
  assert.equal(back.status, 303, back.text);
  assert.equal(back.headers.location, '/videos/latest-updates/1/');
  assert.match(visitor.jar.get('tf_age_pass') ?? '', /^1\.eudi-mdoc\.\d+\.[A-Za-z0-9_-]+$/);
  assert.equal(visitor.jar.has('tf_age_check'), false, 'the check is over');
  assert.equal(await mediaStatus(visitor), 200, 'the media route answers with the pass');
});

test('a presentation from an issuer the operator does not trust gives no pass', async () => {
  const { visitor, request: req } = await startCheck();
  const posted = await walletPosts(req, otherIssuer);
  const back = await visitor.go(redirectUri(posted));
  assert.equal(back.status, 400);
  assert.equal(back.headers['x-age-check'], 'untrusted_issuer');
  assert.equal(visitor.jar.has('tf_age_pass'), false);
  assert.equal(await mediaStatus(visitor), 403);
});

test('a handle is single-use: the wallet cannot post twice, nor the browser collect twice', async () => {
  const { visitor, request: req } = await startCheck();
  const uri = redirectUri(await walletPosts(req));
  const again = await walletPosts(req);
  assert.equal(again.status, 400);
  assert.equal(JSON.parse(again.text).error, 'invalid_request');
  const checkCookie = /** @type {string} */ (visitor.jar.get('tf_age_check'));
  assert.equal((await visitor.go(uri)).status, 303);
  // The same browser, its check cookie put back, following the same URL again.
  visitor.jar.delete('tf_age_pass');
  visitor.jar.set('tf_age_check', checkCookie);
  const replay = await visitor.go(uri);
  assert.equal(replay.status, 400);
  assert.equal(replay.headers['x-age-check'], 'wrong_nonce');
  assert.equal(visitor.jar.has('tf_age_pass'), false);
});

test("another browser holding the redirect_uri gets nothing, and the visitor's own browser still gets the pass", async () => {
  const { visitor, request: req } = await startCheck();
  const uri = redirectUri(await walletPosts(req));
  const { visitor: other } = await startCheck();
  const stolen = await other.go(uri);
  assert.equal(stolen.status, 400);
  assert.equal(stolen.headers['x-age-check'], 'wrong_nonce');
  assert.equal(other.jar.has('tf_age_pass'), false);
  const bare = browser();
  assert.equal((await bare.go(uri)).status, 400, 'nor a browser with no check at all');
  assert.equal(bare.jar.has('tf_age_pass'), false);
  assert.equal((await visitor.go(uri)).status, 303);
  assert.equal(await mediaStatus(visitor), 200);
});

test('a wallet post naming no check under way, or a made-up handle, is a 400 JSON error', async () => {
  const { request: req } = await startCheck();
  for (const state of ['/age/return/?handle=AAAAAAAAAAAAAAAAAAAAAA', '/age/return/?handle=short']) {
    const res = await walletPosts({ ...req, state, responseUri: new URL(state, req.responseUri).href });
    assert.ok(res.status === 400, `${state}: ${res.status}`);
    assert.doesNotMatch(res.text, /at \w+ \(|stack/i);
  }
});

describe('the Digital Credentials API page, in Chromium', () => {
  /** @type {Awaited<ReturnType<typeof startNext>>} */
  let dcSite;
  /** @type {import('@playwright/test').Browser} */
  let chromium;
  const WALLET = 'https://wallet.test/authorize';

  before(async () => {
    dcSite = await startNext(await freePort(), { ...siteEnv, AGE_EUDI_DC_API: '1', AGE_EUDI_WALLET_URL: WALLET });
    chromium = await launchChromium();
  });
  after(async () => {
    await chromium?.close();
    await dcSite?.stop();
  });

  async function newPage() {
    const context = await chromium.newContext({ extraHTTPHeaders: BRITAIN });
    // The wallet's https endpoint, answered here: the redirect is seen, not followed further.
    await context.route((url) => url.hostname === 'wallet.test', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>wallet</p>' }));
    const page = await context.newPage();
    return { context, page };
  }

  /** @param {import('@playwright/test').Page} page */
  async function walletRequest(page) {
    await page.waitForURL((u) => u.hostname === 'wallet.test');
    const q = new URL(page.url()).searchParams;
    assert.equal(q.get('response_mode'), 'direct_post');
    assert.match(q.get('response_uri') ?? '', /\/age\/return\/\?handle=/);
  }

  test('a browser without the API goes to the wallet at once, with the check under way', async () => {
    const { context, page } = await newPage();
    await page.addInitScript('delete window.DigitalCredential;');
    await page.goto(`${dcSite.baseUrl}/age/verify/?return=/`, { waitUntil: 'commit' });
    await walletRequest(page);
    assert.ok((await context.cookies()).some((c) => c.name === 'tf_age_check' && c.path === '/age/'));
    await context.close();
  });

  /**
   * The page, with a navigator.credentials.get() answering for the test wallet of `issuer`.
   * @param {typeof trustedIssuer} issuer
   */
  async function pageWithApi(issuer) {
    const { context, page } = await newPage();
    const wallet = testWallet.makeWallet({ signer: issuer.signer, chain: [issuer.signer.der] });
    /** @type {string[]} */
    const asked = [];
    await page.exposeFunction('presentForTest', (/** @type {string} */ checkJson, /** @type {string} */ nonce) => {
      asked.push(nonce);
      // The origin the site binds presentations to (SITE_URL), as the browser would give the wallet.
      const origin = new URL(new URL(JSON.parse(checkJson).fallbackUrl).searchParams.get('response_uri') ?? '').origin;
      return { vp_token: { age: [wallet.present(testWallet.dcApiTranscript(origin, nonce))] } };
    });
    // In the page: a Digital Credentials API whose wallet is the test wallet above.
    await page.addInitScript(`
      window.DigitalCredential = function DigitalCredential() {};
      Object.defineProperty(navigator, 'credentials', {
        value: {
          async get(options) {
            const request = options.digital.requests.find((r) => r.protocol === 'openid4vp-v1-unsigned');
            if (!request) throw new Error('no OpenID4VP request');
            const check = document.getElementById('age-dc-request').textContent;
            return { protocol: request.protocol, data: await window.presentForTest(check, request.data.nonce) };
          },
        },
      });
    `);
    return { context, page, asked };
  }

  test('with the API, the page posts its answer with the cookie: the pass is set and the visitor is back', async () => {
    const { context, page, asked } = await pageWithApi(trustedIssuer);
    await page.goto(`${dcSite.baseUrl}/age/verify/?return=/videos/latest-updates/1/`);
    await page.getByTestId('age-dc-start').click();
    await page.waitForURL(`${dcSite.baseUrl}/videos/latest-updates/1/`);
    assert.equal(asked.length, 1, 'the API was asked once');
    const pass = (await context.cookies(dcSite.baseUrl)).find((c) => c.name === 'tf_age_pass');
    assert.match(pass?.value ?? '', /^1\.eudi-mdoc\.\d+\./);
    const media = await context.request.get(`${dcSite.baseUrl}/demo/preview.mp4`);
    assert.equal(media.status(), 200);
    await context.close();
  });

  test("with the API, an untrusted issuer's answer gets the refusal page and no pass", async () => {
    const { context, page } = await pageWithApi(otherIssuer);
    await page.goto(`${dcSite.baseUrl}/age/verify/?return=/`);
    await page.getByTestId('age-dc-start').click();
    await page.getByText('did not succeed').waitFor();
    assert.match(await page.content(), /untrusted_issuer/);
    assert.equal((await context.cookies(dcSite.baseUrl)).some((c) => c.name === 'tf_age_pass'), false);
    await context.close();
  });
});
