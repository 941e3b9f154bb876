/**
 * A small MaxMind DB (format 2.0) writer for tests: no city database may be shipped or installed
 * (GeoLite2's licence), so the tests write their own. An IPv6 tree of 24-bit records, IPv4
 * networks under ::/96 as MaxMind's own databases hold them, and a data section of only the types
 * a GeoIP2 City record and the metadata need. Networks must not overlap.
 * Format: https://maxmind.github.io/MaxMind-DB/
 */
import { isIP } from 'node:net';

export type MmdbValue = string | number | bigint | MmdbValue[] | { [key: string]: MmdbValue };

export interface MmdbNetwork {
  /** 'a.b.c.d/len' or an IPv6 'x::/len'. */
  network: string;
  data: MmdbValue;
}

export interface MmdbOptions {
  databaseType: string;
  description?: string;
  languages?: string[];
  buildEpoch?: number;
}

const METADATA_MARKER = Buffer.from([0xab, 0xcd, 0xef, ...Buffer.from('MaxMind.com')]);
const RECORD_BYTES = 3;
const MAX_RECORD = 2 ** 24 - 1;

// Type numbers of the data section; 8 and above are written as "extended" (0 then type - 7).
const T = { pointer: 1, string: 2, uint16: 5, uint32: 6, map: 7, uint64: 9, array: 11 } as const;

function control(type: number, size: number): Buffer {
  const head: number[] = [];
  let sizeBits: number;
  const extra: number[] = [];
  if (size < 29) sizeBits = size;
  else if (size < 285) {
    sizeBits = 29;
    extra.push(size - 29);
  } else if (size < 65_821) {
    sizeBits = 30;
    const n = size - 285;
    extra.push(n >> 8, n & 0xff);
  } else {
    sizeBits = 31;
    const n = size - 65_821;
    extra.push((n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff);
  }
  if (type <= 7) head.push((type << 5) | sizeBits);
  else head.push(sizeBits, type - 7);
  return Buffer.from([...head, ...extra]);
}

/** An unsigned integer in as few big-endian bytes as it needs (zero in none). */
function unsignedBytes(value: bigint, maxBytes: number): Buffer {
  const bytes: number[] = [];
  for (let v = value; v > 0n; v >>= 8n) bytes.unshift(Number(v & 0xffn));
  if (bytes.length > maxBytes || value < 0n) throw new RangeError(`${value} does not fit ${maxBytes} unsigned bytes`);
  return Buffer.from(bytes);
}

/** Integers are written as uint32 (or uint64 beyond); a metadata field that must be uint16 says so. */
function encode(value: MmdbValue, uint16Keys: ReadonlySet<string> = new Set(), key = ''): Buffer {
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([control(T.string, bytes.length), bytes]);
  }
  if (typeof value === 'number' || typeof value === 'bigint') {
    if (typeof value === 'number' && !Number.isInteger(value)) throw new TypeError(`only integers are written: ${value}`);
    const big = BigInt(value);
    const type = uint16Keys.has(key) ? T.uint16 : big > 0xffffffffn ? T.uint64 : T.uint32;
    const bytes = unsignedBytes(big, type === T.uint16 ? 2 : type === T.uint32 ? 4 : 8);
    return Buffer.concat([control(type, bytes.length), bytes]);
  }
  if (Array.isArray(value)) return Buffer.concat([control(T.array, value.length), ...value.map((v) => encode(v, uint16Keys))]);
  const entries = Object.entries(value);
  return Buffer.concat([control(T.map, entries.length), ...entries.flatMap(([k, v]) => [encode(k), encode(v, uint16Keys, k)])]);
}

/** The 128 bits of an IPv6 network, or of an IPv4 one under ::/96. */
function networkBits(network: string): number[] {
  const [address = '', lenText = ''] = network.split('/');
  const version = isIP(address);
  const len = Number(lenText);
  if (!version || !/^\d+$/.test(lenText) || len > (version === 4 ? 32 : 128)) throw new Error(`not a network: ${network}`);
  let bytes: number[];
  if (version === 4) bytes = [...new Array<number>(12).fill(0), ...address.split('.').map(Number)];
  else {
    const [left = '', right = ''] = address.split('::');
    const groups = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
    const l = groups(left);
    const r = address.includes('::') ? groups(right) : [];
    const words = [...l, ...new Array<number>(8 - l.length - r.length).fill(0), ...r];
    bytes = words.flatMap((w) => [w >> 8, w & 0xff]);
  }
  const prefix = (version === 4 ? 96 : 0) + len;
  const bits: number[] = [];
  for (let i = 0; i < prefix; i++) bits.push(((bytes[i >> 3] ?? 0) >> (7 - (i & 7))) & 1);
  return bits;
}

interface TreeNode {
  children: [Child, Child];
  index: number;
}
type Child = TreeNode | { data: number } | null;

export function writeMmdb(networks: MmdbNetwork[], options: MmdbOptions): Buffer {
  const dataParts: Buffer[] = [];
  let dataLength = 0;
  const root: TreeNode = { children: [null, null], index: 0 };
  for (const { network, data } of networks) {
    const bits = networkBits(network);
    if (bits.length === 0) throw new Error('a network of length 0 is not supported');
    const encoded = encode(data);
    const leaf = { data: dataLength };
    dataParts.push(encoded);
    dataLength += encoded.length;
    let node = root;
    bits.forEach((bit, i) => {
      const b = bit as 0 | 1;
      const child = node.children[b];
      if (i === bits.length - 1) {
        if (child) throw new Error(`${network} overlaps another network`);
        node.children[b] = leaf;
        return;
      }
      if (child && !('children' in child)) throw new Error(`${network} overlaps another network`);
      const next = child ?? { children: [null, null], index: 0 };
      node.children[b] = next;
      node = next;
    });
  }

  // Breadth-first numbering: the root is node 0, as readers expect.
  const order: TreeNode[] = [];
  for (let queue: TreeNode[] = [root]; queue.length; ) {
    const node = queue.shift() as TreeNode;
    node.index = order.length;
    order.push(node);
    for (const c of node.children) if (c && 'children' in c) queue.push(c);
  }
  const nodeCount = order.length;
  // A record: another node, nodeCount for "no data", or nodeCount + 16 + the data's offset.
  const record = (c: Child): number => (c === null ? nodeCount : 'children' in c ? c.index : nodeCount + 16 + c.data);
  const tree = Buffer.alloc(nodeCount * 2 * RECORD_BYTES);
  order.forEach((node, i) =>
    node.children.forEach((c, side) => {
      const value = record(c);
      if (value > MAX_RECORD) throw new RangeError('the database is too large for 24-bit records');
      tree.writeUIntBE(value, (i * 2 + side) * RECORD_BYTES, RECORD_BYTES);
    }),
  );

  const metadata = encode(
    {
      node_count: nodeCount,
      record_size: RECORD_BYTES * 8,
      ip_version: 6,
      database_type: options.databaseType,
      languages: options.languages ?? ['en'],
      binary_format_major_version: 2,
      binary_format_minor_version: 0,
      build_epoch: BigInt(options.buildEpoch ?? Math.floor(Date.now() / 1000)),
      description: { en: options.description ?? `${options.databaseType} written for a test` },
    },
    new Set(['record_size', 'ip_version', 'binary_format_major_version', 'binary_format_minor_version']),
  );
  return Buffer.concat([tree, Buffer.alloc(16), ...dataParts, METADATA_MARKER, metadata]);
}

/** A GeoIP2/GeoLite2 City record of the fields the age policy reads. */
export function cityRecord(country: string, subdivisions: string[] = []): MmdbValue {
  const record: { [key: string]: MmdbValue } = { country: { iso_code: country, names: { en: country } } };
  if (subdivisions.length) record.subdivisions = subdivisions.map((iso_code) => ({ iso_code }));
  return record;
}
