/** @jest-environment jsdom */
import { COUNTRY_ENDPOINT, COUNTRY_EVENT, countryPending, gateLanguage, gateScript, GATE_CLASS, isGated, readCookie } from '@/components/agegate/gate';
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
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
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

  function answer(status: number, body: string | null) {
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('GET');
    expect(xhr.url).toBe(COUNTRY_ENDPOINT);
    const done = jest.fn();
    document.addEventListener(COUNTRY_EVENT, done, { once: true });
    if (body === null) xhr.onerror!();
    else {
      xhr.status = status;
      xhr.responseText = body;
      xhr.onload!();
    }
    expect(done).toHaveBeenCalled();
    expect(countryPending()).toBe(false);
  }

  it('fails closed while it asks the server, then lets a visitor from elsewhere through', () => {
    expect(runScript()).toBe(true);
    expect(countryPending()).toBe(true);
    answer(200, '{"country":"NL"}');
    expect(document.body.classList.contains(GATE_CLASS)).toBe(false);
    expect(readCookie(document.cookie, 'tf_country')).toBe('NL');
  });

  it('keeps the gate for a gated country', () => {
    expect(runScript()).toBe(true);
    answer(200, '{"country":"DE"}');
    expect(document.body.classList.contains(GATE_CLASS)).toBe(true);
    expect(isGated(document.cookie, COUNTRIES)).toBe(true);
  });

  it('keeps the gate when the question fails or the answer is not one', () => {
    runScript();
    answer(0, null);
    expect(document.body.classList.contains(GATE_CLASS)).toBe(true);
    clearCookies();
    runScript();
    answer(503, '{"error":1}');
    expect(document.body.classList.contains(GATE_CLASS)).toBe(true);
    clearCookies();
    runScript();
    answer(200, '{"country":"<b>"}');
    expect(document.body.classList.contains(GATE_CLASS)).toBe(true);
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
