/** @jest-environment jsdom */
import {
  COUNTRY_ENDPOINT,
  COUNTRY_EVENT,
  COUNTRY_TIMEOUT_MS,
  countryPending,
  gateLanguage,
  gateScript,
  GATE_CLASS,
  isGated,
  PENDING_CLASS,
  readCookie,
} from '@/components/agegate/gate';
import * as flag from '@/components/cookie-notice/notice-flag';

const COUNTRIES = ['DE', 'FR', 'US'];

function clearCookies() {
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

function runScript(countries = COUNTRIES) {
  document.body.className = '';
  new Function(gateScript(countries))();
  return document.body.classList.contains(GATE_CLASS);
}

beforeEach(clearCookies);

describe('the age gate decision', () => {
  it.each([
    ['tf_country=DE', true],
    ['tf_country=de', true],
    ['tf_country=DE; _agev=1', false],
    ['tf_country=DE; _agev=0', true],
    ['tf_country=NL', false],
    ['tf_country=XX', false],
    ['tf_country=XDE', false],
  ])('cookies "%s" -> gated %s (script and component agree)', (cookies, gated) => {
    for (const c of cookies.split('; ').filter(Boolean)) document.cookie = `${c}; path=/`;
    expect(isGated(document.cookie, COUNTRIES)).toBe(gated);
    expect(runScript()).toBe(gated);
  });

  it('puts only two-letter codes into the script', () => {
    const script = gateScript(['DE', '</script><script>alert(1)</script>', 'fr']);
    expect(script).toContain('["DE","FR"]');
    expect(script).not.toContain('alert');
  });

  it('never gates with an empty country list', () => {
    document.cookie = 'tf_country=DE; path=/';
    expect(runScript([])).toBe(false);
  });

  it('chooses the language by country', () => {
    expect(gateLanguage('DE')).toBe('de');
    expect(gateLanguage('FR')).toBe('fr');
    expect(gateLanguage('RU')).toBe('ru');
    expect(gateLanguage('US')).toBe('en');
    expect(gateLanguage(null)).toBe('en');
  });

  it('reads cookies by exact name', () => {
    expect(readCookie('x_agev=1; _agev=0', '_agev')).toBe('0');
    expect(readCookie('a=b', '_agev')).toBeNull();
  });
});

/** A stand-in for the one request the inline script makes, answered by the test. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  status = 0;
  responseText = '';
  timeout = 0;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send() {
    FakeXhr.last = this;
  }
}

describe('a page without the country cookie (served by a shared cache)', () => {
  const realXhr = window.XMLHttpRequest;
  beforeEach(() => {
    FakeXhr.last = null;
    (window as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
  });
  afterEach(() => {
    window.XMLHttpRequest = realXhr;
  });

  const classes = () => ({ gate: document.body.classList.contains(GATE_CLASS), pending: document.body.classList.contains(PENDING_CLASS) });

  function answer(status: number, body: string | null | 'timeout') {
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('GET');
    expect(xhr.url).toBe(COUNTRY_ENDPOINT);
    expect(xhr.timeout).toBe(COUNTRY_TIMEOUT_MS);
    const done = jest.fn();
    document.addEventListener(COUNTRY_EVENT, done, { once: true });
    if (body === null) xhr.onerror!();
    else if (body === 'timeout') xhr.ontimeout!();
    else {
      xhr.status = status;
      xhr.responseText = body;
      xhr.onload!();
    }
    expect(done).toHaveBeenCalled();
    expect(countryPending()).toBe(false);
  }

  it('holds the content back without the gate while it asks, then lets a visitor from elsewhere through', () => {
    expect(runScript()).toBe(false);
    expect(classes()).toEqual({ gate: false, pending: true });
    expect(countryPending()).toBe(true);
    answer(200, '{"country":"NL"}');
    expect(classes()).toEqual({ gate: false, pending: false });
    expect(readCookie(document.cookie, 'tf_country')).toBe('NL');
  });

  it('opens the gate for a gated country', () => {
    runScript();
    answer(200, '{"country":"DE"}');
    expect(classes()).toEqual({ gate: true, pending: false });
    expect(isGated(document.cookie, COUNTRIES)).toBe(true);
  });

  it('lets an unknown country through (XX)', () => {
    runScript();
    answer(200, '{"country":"XX"}');
    expect(classes()).toEqual({ gate: false, pending: false });
  });

  it('fails closed when the question fails, times out or the answer is not one', () => {
    for (const [status, body] of [[0, null], [0, 'timeout'], [503, '{"error":1}'], [200, '{"country":"<b>"}'], [200, 'not json']] as const) {
      clearCookies();
      runScript();
      answer(status, body);
      expect([body, classes()]).toEqual([body, { gate: true, pending: false }]);
    }
  });

  it('decides once: a late second event changes nothing', () => {
    runScript();
    const xhr = FakeXhr.last!;
    answer(200, '{"country":"NL"}');
    xhr.ontimeout!();
    expect(classes()).toEqual({ gate: false, pending: false });
  });

  it('asks nothing when the visitor confirmed already or nobody is gated', () => {
    document.cookie = '_agev=1; path=/';
    expect(runScript()).toBe(false);
    clearCookies();
    expect(runScript([])).toBe(false);
    expect(FakeXhr.last).toBeNull();
  });
});

describe('the cookie notice flag before first paint', () => {
  it.each([
    [null, false],
    ['true', false],
    ['false', true],
    ['0', true],
  ])('stored %p -> hidden %p', (stored, hidden) => {
    document.body.className = '';
    window.localStorage.clear();
    if (stored !== null) window.localStorage.setItem(flag.COOKIE_NOTICE_KEY, stored);
    new Function(flag.cookieNoticeScript)();
    expect(document.body.classList.contains(flag.COOKIE_NOTICE_ACCEPTED_CLASS)).toBe(hidden);
    expect(flag.noticeAccepted(stored)).toBe(hidden);
  });
});
