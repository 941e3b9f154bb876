/** @jest-environment jsdom */
/**
 * The inline script in a verify region: the gate and the verify class with the no-media policy
 * before first paint, lifted only by the pass's marker (never by the confirm cookie).
 */
import { gateScript, GATE_CLASS, isGated, NO_MEDIA_CSP, PENDING_CLASS, VERIFY_CLASS } from '@/components/agegate/gate';

const COUNTRIES = ['DE', 'GB'];
const OPTIONS = { policies: { GB: 'verify' }, verify: true };

function clearCookies() {
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

/** The script's window: jsdom's location cannot be replaced, so the script gets one whose reload is watched. */
const reload = jest.fn();
const fakeWindow = { location: { reload } };

function run(cookies: string) {
  clearCookies();
  document.head.innerHTML = '';
  document.body.className = '';
  for (const c of cookies.split('; ').filter(Boolean)) document.cookie = `${c}; path=/`;
  new Function('window', gateScript(COUNTRIES, OPTIONS))(fakeWindow);
  const csp = document.head.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? null;
  return { gate: document.body.classList.contains(GATE_CLASS), verify: document.body.classList.contains(VERIFY_CLASS), csp, gated: isGated(document.cookie, COUNTRIES) };
}

const later = Math.floor(Date.now() / 1000) + 3600;
const past = Math.floor(Date.now() / 1000) - 1;

it.each([
  ['tf_country=GB', true],
  ['tf_country=GB; _agev=1', true],
  ['tf_country=GB; tf_age=verify', true],
  ['tf_country=US; tf_age=verify', true],
  ['tf_country=US; tf_age=block', true],
  [`tf_country=GB; tf_age=verify; tf_age_until=${past}`, true],
  [`tf_country=GB; tf_age=verify; tf_age_until=${later}`, false],
  ['tf_country=GB; tf_age=none', false],
  ['tf_country=NL; tf_age=none', false],
])('cookies "%s" -> checked %s', (cookies, checked) => {
  const { gated, ...classes } = run(cookies);
  expect(classes).toEqual({ gate: checked, verify: checked, csp: checked ? NO_MEDIA_CSP : null });
  // The component agrees wherever the policy cookie is set (without it, it follows the script's class).
  if (cookies.includes('tf_age=')) expect(gated).toBe(checked);
});

it('keeps the confirm gate for a confirm region, without the no-media policy', () => {
  expect(run('tf_country=DE')).toEqual({ gate: true, verify: false, csp: null, gated: true });
  expect(run('tf_country=DE; _agev=1')).toEqual({ gate: false, verify: false, csp: null, gated: false });
  expect(run('tf_country=NL; tf_age=confirm')).toEqual({ gate: true, verify: false, csp: null, gated: true });
});

describe('a first visit without cookies where some region verifies', () => {
  const realXhr = window.XMLHttpRequest;
  let xhr: { onload?: () => void; status: number; responseText: string; onerror?: () => void };
  beforeEach(() => {
    reload.mockReset();
    (window as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = class {
      status = 0;
      responseText = '';
      open() {}
      send() {
        // eslint-disable-next-line @typescript-eslint/no-this-alias
        xhr = this;
      }
    };
  });
  afterEach(() => {
    window.XMLHttpRequest = realXhr;
  });

  it('holds media back while it asks, then keeps the check for a verify visitor', () => {
    expect(run('')).toMatchObject({ gate: false, csp: NO_MEDIA_CSP });
    expect(document.body.classList.contains(PENDING_CLASS)).toBe(true);
    xhr.status = 200;
    xhr.responseText = '{"country":"GB","policy":"verify"}';
    xhr.onload!();
    expect(document.body.classList.contains(VERIFY_CLASS)).toBe(true);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads for a visitor the policy lets through, who then gets media', () => {
    run('');
    xhr.status = 200;
    xhr.responseText = '{"country":"NL","policy":"none"}';
    xhr.onload!();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('fails closed to the check when the question fails', () => {
    run('');
    xhr.onerror!();
    expect(document.body.classList.contains(VERIFY_CLASS)).toBe(true);
    expect(reload).not.toHaveBeenCalled();
  });
});
