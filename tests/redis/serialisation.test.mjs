/**
 * test:redis, the stored form of a page cache entry (lib/cache/redis-handler.mjs's serialise and
 * deserialise, what goes into Redis as text): Buffers keep every byte value, Maps stay Maps, and a
 * plain object that looks like an encoded Buffer is left as it is. No server: the rest of the suite
 * is in two-servers.test.mjs.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deserialise, serialise } from '../../lib/cache/redis-handler.mjs';

const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

/**
 * An entry through the stored form and back; never null here (a hit).
 * @param {Parameters<typeof serialise>[0]} entry
 */
function roundTrip(entry) {
  const back = deserialise(serialise(entry));
  assert.ok(back, 'the stored form should read back as an entry');
  return /** @type {{ lastModified?: number; cacheControl?: unknown; value: Record<string, unknown> }} */ (back);
}

test('an APP_PAGE entry comes back with every byte of its Buffers and its Map', () => {
  const entry = {
    lastModified: 1_700_000_000_000,
    cacheControl: { revalidate: 86400, expire: 172800 },
    value: {
      kind: 'APP_PAGE',
      html: '<p>héllo ✓ \u0000 </p>',
      rscData: bytes,
      headers: { 'x-next-cache-tags': '_N_T_/layout,_N_T_/page', 'set-cookie': ['a=1', 'b=2'] },
      status: 200,
      postponed: undefined,
      segmentData: new Map([['/_tree', bytes.subarray(10, 20)], ['/_index', Buffer.alloc(0)]]),
    },
  };
  const back = roundTrip(entry);
  // An undefined field is not stored (JSON), which Next reads the same.
  const { postponed: _postponed, ...expectedValue } = entry.value;
  void _postponed;
  assert.deepEqual(back.value, expectedValue);
  assert.ok(Buffer.isBuffer(back.value.rscData), 'rscData should come back a Buffer');
  assert.ok(back.value.segmentData instanceof Map, 'segmentData should come back a Map');
  assert.equal(back.lastModified, entry.lastModified);
  assert.deepEqual(back.cacheControl, entry.cacheControl);
});

test('an APP_ROUTE body keeps bytes 0x80-0xff', () => {
  const back = roundTrip({ lastModified: 1, value: { kind: 'APP_ROUTE', body: bytes, status: 200, headers: { 'content-type': 'application/json' } } });
  assert.ok(Buffer.isBuffer(back.value.body), 'the body should come back a Buffer');
  assert.deepEqual(back.value.body, bytes);
});

test('a plain object shaped like an encoded Buffer stays a plain object', () => {
  const value = { kind: 'FETCH', data: { headers: {}, body: '{}', url: 'x', status: 200 }, revalidate: 60, tags: ['t'], odd: { $b: 'not base64' } };
  assert.deepEqual(roundTrip({ lastModified: 1, value }).value, value);
});
