/**
 * Everything a Redis holds, for a search of values that must not be there: every key (SCAN), and
 * its value read as its type says, each as text, plus the text of every base64 run in it (the page
 * cache stores bodies and RSC data in base64 inside its JSON).
 */
import { createClient } from 'redis';

const BASE64_RUN = /[A-Za-z0-9+/_-]{16,}={0,2}/g;

/** @param {string} text */
function withDecoded(text) {
  const texts = [text];
  for (const run of text.match(BASE64_RUN) ?? []) {
    texts.push(Buffer.from(run, 'base64').toString('latin1'), Buffer.from(run, 'base64url').toString('latin1'));
  }
  return texts;
}

/**
 * @param {import('redis').RedisClientType} client
 * @param {string} key
 * @returns {Promise<string[]>}
 */
async function valuesOf(client, key) {
  const type = await client.type(key);
  if (type === 'string') return [(await client.get(key)) ?? ''];
  if (type === 'hash') return Object.entries(await client.hGetAll(key)).flat();
  if (type === 'list') return client.lRange(key, 0, -1);
  if (type === 'set') return client.sMembers(key);
  if (type === 'zset') return client.zRange(key, 0, -1);
  if (type === 'stream') return ((await client.xRange(key, '-', '+')) ?? []).flatMap((m) => [m.id, ...Object.entries(m.message).flat()]);
  throw new Error(`Redis key ${key} has a type this search does not read: ${type}`);
}

/**
 * @param {number} port a redis-server on 127.0.0.1
 * @returns {Promise<{ name: string; texts: string[] }[]>}
 */
export async function redisContents(port) {
  /** @type {import('redis').RedisClientType} */
  const client = createClient({ url: `redis://127.0.0.1:${port}` });
  await client.connect();
  try {
    /** @type {{ name: string; texts: string[] }[]} */
    const entries = [];
    for await (const keys of client.scanIterator({ COUNT: 1000 })) {
      for (const key of Array.isArray(keys) ? keys : [keys]) {
        entries.push({ name: key, texts: [key, ...(await valuesOf(client, key)).flatMap(withDecoded)] });
      }
    }
    return entries;
  } finally {
    await client.quit();
  }
}
