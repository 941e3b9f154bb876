/**
 * The part of CBOR (RFC 8949) an ISO 18013-5 presentation uses, on plain Node.
 *
 * Decoding keeps the exact bytes of every embedded item (tag 24): the issuer's digests and the
 * device's signature are over those bytes as the wallet wrote them, and re-encoding could differ
 * (a non-minimal length, another map order) and fail a valid presentation. Maps stay `Map`s
 * because COSE keys are integers. Anything malformed or oversized throws CborError, which the
 * verifier turns into a `bad_answer`.
 */

export class CborError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CborError';
  }
}

/** A tagged item other than 24; tag 0 (a date-time string) and 1 (epoch seconds) arrive this way. */
export class Tagged {
  constructor(
    readonly tag: number,
    readonly value: CborValue,
  ) {}
}

/** Tag 24, an item carried as the bytes of its own encoding: `bytes` is that encoding, `raw` the whole tagged item. */
export class Embedded {
  constructor(
    readonly bytes: Uint8Array,
    readonly raw: Uint8Array,
  ) {}
}

/** Bytes already encoded, written out as they are (an embedded item received from the wallet). */
export class RawCbor {
  constructor(readonly bytes: Uint8Array) {}
}

export type CborValue =
  | null
  | undefined
  | boolean
  | number
  | bigint
  | string
  | Uint8Array
  | CborValue[]
  | Map<CborValue, CborValue>
  | Tagged
  | Embedded;

// A real presentation nests six or seven levels; far more is an attack on the stack.
const MAX_DEPTH = 24;

export function decodeCbor(input: Uint8Array): CborValue {
  const reader = new Reader(input);
  const value = reader.item(0);
  if (reader.offset !== input.length) throw new CborError('trailing bytes after the CBOR item');
  return value;
}

const BREAK = Symbol('break');

class Reader {
  offset = 0;
  private readonly view: DataView;

  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  private need(count: number): void {
    if (this.offset + count > this.bytes.length) throw new CborError('truncated CBOR');
  }

  private argument(info: number): number | bigint {
    if (info < 24) return info;
    const size = info === 24 ? 1 : info === 25 ? 2 : info === 26 ? 4 : info === 27 ? 8 : 0;
    if (size === 0) throw new CborError(`reserved additional information ${info}`);
    this.need(size);
    const at = this.offset;
    this.offset += size;
    if (size === 1) return this.view.getUint8(at);
    if (size === 2) return this.view.getUint16(at);
    if (size === 4) return this.view.getUint32(at);
    const big = this.view.getBigUint64(at);
    return big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
  }

  private length(info: number): number {
    const value = this.argument(info);
    if (typeof value !== 'number' || value > this.bytes.length - this.offset) throw new CborError('a length beyond the input');
    return value;
  }

  private take(count: number): Uint8Array {
    this.need(count);
    const out = this.bytes.subarray(this.offset, this.offset + count);
    this.offset += count;
    return out;
  }

  item(depth: number): CborValue {
    const value = this.itemOrBreak(depth);
    if (value === BREAK) throw new CborError('unexpected break');
    return value;
  }

  private itemOrBreak(depth: number): CborValue | typeof BREAK {
    if (depth > MAX_DEPTH) throw new CborError('CBOR nested too deep');
    const start = this.offset;
    this.need(1);
    const initial = this.bytes[this.offset++]!;
    const major = initial >> 5;
    const info = initial & 0x1f;
    if (info === 31) return this.indefinite(major, depth);
    switch (major) {
      case 0:
        return this.argument(info);
      case 1: {
        const value = this.argument(info);
        return typeof value === 'number' ? -1 - value : -1n - value;
      }
      case 2:
        return this.take(this.length(info));
      case 3:
        return this.text(this.take(this.length(info)));
      case 4: {
        const count = this.length(info);
        const out: CborValue[] = [];
        for (let i = 0; i < count; i++) out.push(this.item(depth + 1));
        return out;
      }
      case 5: {
        const count = this.length(info);
        const out = new Map<CborValue, CborValue>();
        for (let i = 0; i < count; i++) this.entry(out, depth);
        return out;
      }
      case 6: {
        const tag = this.argument(info);
        const value = this.item(depth + 1);
        if (tag === 24) {
          if (!(value instanceof Uint8Array)) throw new CborError('tag 24 must wrap a byte string');
          return new Embedded(value, this.bytes.subarray(start, this.offset));
        }
        if (typeof tag !== 'number') throw new CborError('tag number too large');
        return new Tagged(tag, value);
      }
      default:
        return this.simple(info);
    }
  }

  private entry(map: Map<CborValue, CborValue>, depth: number): void {
    const key = this.item(depth + 1);
    if (typeof key !== 'string' && typeof key !== 'number') throw new CborError('map keys must be text or integers');
    if (map.has(key)) throw new CborError('duplicate map key');
    map.set(key, this.item(depth + 1));
  }

  private indefinite(major: number, depth: number): CborValue | typeof BREAK {
    if (major === 7) return BREAK;
    if (major === 4) {
      const out: CborValue[] = [];
      for (;;) {
        const value = this.itemOrBreak(depth + 1);
        if (value === BREAK) return out;
        out.push(value);
      }
    }
    if (major === 5) {
      const out = new Map<CborValue, CborValue>();
      for (;;) {
        this.need(1);
        if (this.bytes[this.offset] === 0xff) {
          this.offset++;
          return out;
        }
        this.entry(out, depth);
      }
    }
    // Chunked strings never appear in ISO 18013-5 structures; refusing them keeps the digests simple.
    throw new CborError('indefinite-length strings are not accepted');
  }

  private text(bytes: Uint8Array): string {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new CborError('a text string that is not UTF-8');
    }
  }

  private simple(info: number): CborValue {
    if (info === 20) return false;
    if (info === 21) return true;
    if (info === 22) return null;
    if (info === 23) return undefined;
    if (info === 25) {
      this.need(2);
      const half = this.view.getUint16(this.offset);
      this.offset += 2;
      return decodeHalf(half);
    }
    if (info === 26) {
      this.need(4);
      const value = this.view.getFloat32(this.offset);
      this.offset += 4;
      return value;
    }
    if (info === 27) {
      this.need(8);
      const value = this.view.getFloat64(this.offset);
      this.offset += 8;
      return value;
    }
    throw new CborError(`unsupported simple value ${info}`);
  }
}

function decodeHalf(half: number): number {
  const exponent = (half >> 10) & 0x1f;
  const fraction = half & 0x3ff;
  const sign = half & 0x8000 ? -1 : 1;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 31) return fraction ? NaN : sign * Infinity;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}

/** What `encodeCbor` writes: plain objects become maps with text keys; `undefined` members are left out. */
export type CborInput =
  | null
  | boolean
  | number
  | string
  | Uint8Array
  | RawCbor
  | Tagged
  | Embedded
  | readonly CborInput[]
  | Map<string | number, CborInput>
  | { readonly [key: string]: CborInput | undefined };

/** Deterministic enough for what the site encodes itself (session transcripts): minimal lengths, definite sizes, integers only. */
export function encodeCbor(value: CborInput): Uint8Array {
  const parts: Uint8Array[] = [];
  write(parts, value);
  return Buffer.concat(parts);
}

function head(major: number, value: number): Uint8Array {
  if (!Number.isSafeInteger(value) || value < 0) throw new CborError(`cannot encode ${value}`);
  if (value < 24) return Uint8Array.of((major << 5) | value);
  if (value < 0x100) return Uint8Array.of((major << 5) | 24, value);
  if (value < 0x10000) return Uint8Array.of((major << 5) | 25, value >> 8, value & 0xff);
  const out = new DataView(new ArrayBuffer(value < 0x100000000 ? 5 : 9));
  if (value < 0x100000000) {
    out.setUint8(0, (major << 5) | 26);
    out.setUint32(1, value);
  } else {
    out.setUint8(0, (major << 5) | 27);
    out.setBigUint64(1, BigInt(value));
  }
  return new Uint8Array(out.buffer);
}

function write(parts: Uint8Array[], value: CborInput): void {
  if (value === null) parts.push(Uint8Array.of(0xf6));
  else if (value === false) parts.push(Uint8Array.of(0xf4));
  else if (value === true) parts.push(Uint8Array.of(0xf5));
  else if (typeof value === 'number') parts.push(value >= 0 ? head(0, value) : head(1, -1 - value));
  else if (typeof value === 'string') {
    const bytes = new TextEncoder().encode(value);
    parts.push(head(3, bytes.length), bytes);
  } else if (value instanceof Uint8Array) parts.push(head(2, value.length), value);
  else if (value instanceof RawCbor) parts.push(value.bytes);
  else if (value instanceof Embedded) parts.push(value.raw);
  else if (value instanceof Tagged) {
    parts.push(head(6, value.tag));
    write(parts, value.value as CborInput);
  } else if (Array.isArray(value)) {
    parts.push(head(4, value.length));
    for (const item of value as readonly CborInput[]) write(parts, item);
  } else if (value instanceof Map) {
    parts.push(head(5, value.size));
    for (const [key, item] of value) {
      write(parts, key);
      write(parts, item);
    }
  } else {
    const entries = Object.entries(value).filter((entry): entry is [string, CborInput] => entry[1] !== undefined);
    parts.push(head(5, entries.length));
    for (const [key, item] of entries) {
      write(parts, key);
      write(parts, item);
    }
  }
}

/** Tag 24 around the encoding of `value`: how ISO 18013-5 carries the MSO, the items and the device's name spaces. */
export function embed(value: CborInput): Embedded {
  const bytes = encodeCbor(value);
  return new Embedded(bytes, Buffer.concat([head(6, 24), head(2, bytes.length), bytes]));
}
