/**
 * What a V8 heap snapshot (.heapsnapshot, as `--heapsnapshot-signal` writes it) is made of: the
 * objects by constructor (count and self size), and the dominator tree's big branches by retained
 * size (what would be freed with them), each named by the edge that holds it (`LruCache.map`, `BodyMemo.byHash`),
 * so that each part can be told apart and matched to the setting that bounds it.
 *
 * A server's heap snapshot can be larger than one JavaScript string can hold (V8's string length
 * limit): the file is read as bytes and its number arrays scanned without JSON.parse. Retained sizes come
 * from the dominator tree over strong edges (weak edges do not retain), as in DevTools.
 *
 * `node scripts/soak/heap-summary.mjs FILE [--top N]` prints the summary; soak.mjs imports it.
 */
import fs from 'node:fs';

/**
 * The snapshot's header (`snapshot.meta`): the names of a node's and an edge's fields, and for
 * each field, its type's names (the `type` field's list of kinds).
 * @typedef {{ node_fields: string[]; node_types: (string[] | string)[]; edge_fields: string[]; edge_types: (string[] | string)[] }} Meta
 * @typedef {{ kind: string; count: number; selfBytes: number }} KindRow
 * @typedef {{ level: number; object: string; heldAs: string; retainedBytes: number; selfBytes: number }} TreeRow
 * @typedef {{ file: string; nodes: number; totalBytes: number; parts: { part: string; bytes: number }[]; constructors: KindRow[]; tree: TreeRow[] }} Summary
 *
 * The loops below index typed arrays by node and edge ordinals that are in range by construction
 * (each loop's bound, or a value read from the snapshot's own arrays); with noUncheckedIndexedAccess
 * each such read goes through `int` (an Int32Array) or `num` (a Float64Array), which say so to the
 * type checker and check nothing at run time. Two, not one over ArrayLike<number>: each sees one
 * kind of array, which keeps V8's element reads in these loops as fast as plain indexing.
 */

/**
 * `array[i]` for an index in range: a number (the type checker would say number | undefined).
 * @param {Int32Array} array
 * @param {number} i
 * @returns {number}
 */
const int = (array, i) => /** @type {number} */ (array[i]);

/**
 * The same for a Float64Array.
 * @param {Float64Array} array
 * @param {number} i
 * @returns {number}
 */
const num = (array, i) => /** @type {number} */ (array[i]);

/**
 * The integers of the JSON array that starts at `buf[start]` ('['), and the index after its ']'.
 * @param {Buffer} buf
 * @param {number} start
 * @returns {{ values: Float64Array; end: number }}
 */
function scanIntArray(buf, start) {
  let out = new Float64Array(1 << 20);
  let n = 0;
  let i = start + 1;
  let value = 0;
  let inNumber = false;
  for (; i < buf.length; i++) {
    const c = /** @type {number} */ (buf[i]);
    if (c >= 48 && c <= 57) {
      value = value * 10 + (c - 48);
      inNumber = true;
    } else {
      if (inNumber) {
        if (n === out.length) {
          const bigger = new Float64Array(out.length * 2);
          bigger.set(out);
          out = bigger;
        }
        out[n++] = value;
        value = 0;
        inNumber = false;
      }
      if (c === 93) break; // ']'
    }
  }
  return { values: out.subarray(0, n), end: i + 1 };
}

/**
 * The index of `"key":[` in `buf` from `from` on, pointing at the '['.
 * @param {Buffer} buf
 * @param {string} key
 * @param {number} [from]
 */
function arrayStart(buf, key, from = 0) {
  const at = buf.indexOf(`"${key}":[`, from, 'latin1');
  if (at < 0) throw new Error(`heap-summary: no "${key}" array in the snapshot`);
  return at + key.length + 3;
}

/**
 * The JSON array of strings starting at `buf[start]`, parsed string by string.
 * @param {Buffer} buf
 * @param {number} start
 * @returns {string[]}
 */
function scanStrings(buf, start) {
  /** @type {string[]} */
  const strings = [];
  let i = start + 1;
  while (i < buf.length) {
    const c = buf[i];
    if (c === 93) break;
    if (c !== 34) {
      i++;
      continue;
    }
    let j = i + 1;
    while (buf[j] !== 34) j += buf[j] === 92 ? 2 : 1;
    strings.push(JSON.parse(buf.toString('utf8', i, j + 1)));
    i = j + 1;
  }
  return strings;
}

/**
 * The snapshot in `file`: its header, and its node, edge and string arrays.
 * @param {string} file
 * @returns {{ meta: Meta; nodes: Float64Array; edges: Float64Array; strings: string[] }}
 */
export function readSnapshot(file) {
  const buf = fs.readFileSync(file);
  const metaEnd = arrayStart(buf, 'nodes');
  // The header (meta) is small JSON: everything before "nodes".
  const head = buf.toString('utf8', 0, metaEnd - '"nodes":['.length).replace(/,\s*$/, '') + '}';
  const { snapshot } = /** @type {{ snapshot: { meta: Meta } }} */ (JSON.parse(head));
  const nodes = scanIntArray(buf, metaEnd);
  const edges = scanIntArray(buf, arrayStart(buf, 'edges', nodes.end));
  const strings = scanStrings(buf, arrayStart(buf, 'strings', edges.end));
  return { meta: snapshot.meta, nodes: nodes.values, edges: edges.values, strings };
}

/**
 * Immediate dominators (Cooper, Harvey and Kennedy's iterative algorithm) of the graph rooted at
 * node 0, over the strong edges; node indices are ordinals (node array offset / node field count).
 * @param {number} count
 * @param {Int32Array} firstEdge each node's first edge, and after the last node the edge count
 * @param {Int32Array} edgeTargets
 * @param {Uint8Array} edgeWeak
 * @returns {{ idom: Int32Array; post: Int32Array; postN: number }}
 */
function dominators(count, firstEdge, edgeTargets, edgeWeak) {
  // Reverse postorder by an iterative depth-first walk from the root.
  const order = new Int32Array(count).fill(-1); // postorder number
  const post = new Int32Array(count);
  const stack = new Int32Array(count);
  const cursor = new Int32Array(count);
  let postN = 0;
  let sp = 0;
  stack[sp++] = 0;
  const seen = new Uint8Array(count);
  seen[0] = 1;
  cursor[0] = int(firstEdge, 0);
  while (sp > 0) {
    const v = int(stack, sp - 1);
    const e = int(cursor, v);
    if (e < int(firstEdge, v + 1)) {
      cursor[v] = e + 1;
      if (edgeWeak[e]) continue;
      const w = int(edgeTargets, e);
      if (!seen[w]) {
        seen[w] = 1;
        cursor[w] = int(firstEdge, w);
        stack[sp++] = w;
      }
    } else {
      sp--;
      order[v] = postN;
      post[postN++] = v;
    }
  }
  // Predecessors over strong edges, among reachable nodes.
  const predCount = new Int32Array(count + 1);
  for (let v = 0; v < count; v++) {
    if (!seen[v]) continue;
    for (let e = int(firstEdge, v); e < int(firstEdge, v + 1); e++) {
      if (edgeWeak[e]) continue;
      const slot = int(edgeTargets, e) + 1;
      predCount[slot] = int(predCount, slot) + 1;
    }
  }
  for (let v = 0; v < count; v++) predCount[v + 1] = int(predCount, v + 1) + int(predCount, v);
  const preds = new Int32Array(int(predCount, count));
  const fill = predCount.slice(0, count);
  for (let v = 0; v < count; v++) {
    if (!seen[v]) continue;
    for (let e = int(firstEdge, v); e < int(firstEdge, v + 1); e++) {
      if (edgeWeak[e]) continue;
      const w = int(edgeTargets, e);
      const slot = int(fill, w);
      fill[w] = slot + 1;
      preds[slot] = v;
    }
  }
  const idom = new Int32Array(count).fill(-1);
  idom[0] = 0;
  /**
   * @param {number} a
   * @param {number} b
   */
  const intersect = (a, b) => {
    while (a !== b) {
      while (int(order, a) < int(order, b)) a = int(idom, a);
      while (int(order, b) < int(order, a)) b = int(idom, b);
    }
    return a;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (let k = postN - 2; k >= 0; k--) {
      const v = int(post, k);
      let d = -1;
      for (let p = int(predCount, v); p < int(predCount, v + 1); p++) {
        const u = int(preds, p);
        if (idom[u] === -1) continue;
        d = d === -1 ? u : intersect(u, d);
      }
      if (d !== -1 && idom[v] !== d) {
        idom[v] = d;
        changed = true;
      }
    }
  }
  return { idom, post, postN };
}

/** The site's stores, by their constructor's name, and what bounds each. */
const PARTS = new Map([
  ['SharedCache', 'page cache (PAGE_CACHE_MB)'],
  ['SitemapStore', 'sitemap store (PAGE_CACHE_MB / 4)'],
  ['BodyMemo', 'compress-once memo (maxBytes)'],
  ['Reader', 'geo database (the mmdb file)'],
  ['LruCache', 'LruCache, lib/cache/lru.mjs (entries)'],
  ['LRUCache', "Next's LRU caches (entries)"],
]);
/** Stores made by a function rather than a class, by the module variable (server.mjs) that holds them. */
const HELD_PARTS = new Map([['answers', 'answer store (ANSWER_STORE_MB)']]);

/**
 * The summary of snapshot `file`: totals, constructors by self size, objects by retained size.
 * @param {string} file
 * @param {{ top?: number; depth?: number }} [options] how many rows of each list, how deep a tree
 * @returns {Summary}
 */
export function summarizeSnapshot(file, { top = 25, depth = 8 } = {}) {
  const { meta, nodes, edges, strings } = readSnapshot(file);
  const nf = meta.node_fields.length;
  const ef = meta.edge_fields.length;
  const nType = meta.node_fields.indexOf('type');
  const nName = meta.node_fields.indexOf('name');
  const nSelf = meta.node_fields.indexOf('self_size');
  const nEdges = meta.node_fields.indexOf('edge_count');
  const eType = meta.edge_fields.indexOf('type');
  const eName = meta.edge_fields.indexOf('name_or_index');
  const eTo = meta.edge_fields.indexOf('to_node');
  // The `type` fields' types are the lists of their names (V8's format).
  const nodeTypes = /** @type {string[]} */ (meta.node_types[nType]);
  const edgeTypes = /** @type {string[]} */ (meta.edge_types[eType]);
  const weakType = edgeTypes.indexOf('weak');
  const elementType = edgeTypes.indexOf('element');
  const hiddenType = edgeTypes.indexOf('hidden');
  const count = nodes.length / nf;
  const firstEdge = new Int32Array(count + 1);
  for (let v = 0, e = 0; v < count; v++) {
    firstEdge[v] = e;
    e += num(nodes, v * nf + nEdges);
  }
  firstEdge[count] = edges.length / ef;
  const edgeCount = edges.length / ef;
  const edgeTargets = new Int32Array(edgeCount);
  const edgeWeak = new Uint8Array(edgeCount);
  for (let e = 0; e < edgeCount; e++) {
    edgeTargets[e] = num(edges, e * ef + eTo) / nf;
    edgeWeak[e] = edges[e * ef + eType] === weakType ? 1 : 0;
  }
  /** @param {number} v */
  const self = (v) => num(nodes, v * nf + nSelf);
  /** @param {number} v */
  const typeOf = (v) => /** @type {string} */ (nodeTypes[num(nodes, v * nf + nType)]);
  /**
   * Objects by constructor; strings, code, arrays and native parts by their kind.
   * @param {number} v
   * @returns {string}
   */
  const kindOf = (v) => {
    const type = typeOf(v);
    const name = /** @type {string} */ (strings[num(nodes, v * nf + nName)]);
    if (type === 'object' || type === 'native') return name.length > 80 ? `${name.slice(0, 77)}...` : name;
    if (type === 'string' || type === 'concatenated string' || type === 'sliced string') return '(string)';
    if (type === 'closure') return '(closure)';
    if (type === 'code') return '(compiled code)';
    if (type === 'array') return '(internal array)';
    if (type === 'hidden' || type === 'synthetic') return `(${name})`;
    return `(${type})`;
  };

  let total = 0;
  /** @type {Map<string, KindRow>} */
  const byKind = new Map();
  for (let v = 0; v < count; v++) {
    const s = self(v);
    total += s;
    const k = kindOf(v);
    const row = byKind.get(k) ?? { kind: k, count: 0, selfBytes: 0 };
    row.count += 1;
    row.selfBytes += s;
    byKind.set(k, row);
  }

  const { idom, post, postN } = dominators(count, firstEdge, edgeTargets, edgeWeak);
  const retained = new Float64Array(count);
  for (let v = 0; v < count; v++) retained[v] = self(v);
  for (let k = 0; k < postN; k++) {
    const v = int(post, k);
    const d = int(idom, v);
    if (v !== 0 && d >= 0) retained[d] = num(retained, d) + num(retained, v);
  }
  /**
   * The name an object is held by: the first strong edge to it from its immediate dominator.
   * @param {number} v
   */
  const heldAs = (v) => {
    const d = int(idom, v);
    if (d < 0) return '?';
    for (let e = int(firstEdge, d); e < int(firstEdge, d + 1); e++) {
      if (edgeTargets[e] !== v || edgeWeak[e]) continue;
      const t = edges[e * ef + eType];
      const n = num(edges, e * ef + eName);
      const label = t === elementType || t === hiddenType ? `[${n}]` : `.${strings[n]}`;
      return `${kindOf(d)}${label}`;
    }
    return `${kindOf(d)} (indirect)`;
  };
  // The dominator tree's big branches: from the root down, every object retaining at least
  // `minBytes`, to `depth` levels, each named by the edge its dominator holds it by.
  const minBytes = Math.max(1024 * 1024, total / 200);
  /** @type {Map<number, number[]>} */
  const kids = new Map();
  for (let v = 1; v < count; v++) {
    const d = int(idom, v);
    if (d < 0 || num(retained, v) < minBytes) continue;
    const list = kids.get(d) ?? [];
    list.push(v);
    kids.set(d, list);
  }
  /** @type {TreeRow[]} */
  const tree = [];
  /**
   * @param {number} v
   * @param {number} level
   */
  const walk = (v, level) => {
    const list = (kids.get(v) ?? []).sort((a, b) => num(retained, b) - num(retained, a));
    for (const w of list) {
      if (tree.length >= top * 2) return;
      tree.push({ level, object: kindOf(w), heldAs: heldAs(w), retainedBytes: num(retained, w), selfBytes: self(w) });
      if (level < depth) walk(w, level + 1);
    }
  };
  walk(0, 0);
  // The parts: every object counted once, in the store that dominates it (the outermost dominator
  // that is one of PARTS: the page cache's LruCache is the page cache's), else by its own type.
  /** @type {Map<number, string>} */
  const heldParts = new Map();
  for (let v = 0; v < count; v++) {
    if (kindOf(v) !== 'system / Context') continue;
    for (let e = int(firstEdge, v); e < int(firstEdge, v + 1); e++) {
      const part = HELD_PARTS.get(/** @type {string} */ (strings[num(edges, e * ef + eName)]));
      if (part && edges[e * ef + eType] !== elementType && edges[e * ef + eType] !== hiddenType) heldParts.set(int(edgeTargets, e), part);
    }
  }
  /** Each node's part: a store's name, or null for none (undefined before it is known). @type {(string | null | undefined)[]} */
  const partOf = new Array(count);
  partOf[0] = null;
  for (let k = postN - 2; k >= 0; k--) {
    const v = int(post, k);
    partOf[v] = partOf[int(idom, v)] ?? PARTS.get(kindOf(v)) ?? heldParts.get(v) ?? null;
  }
  // An object no store dominates but stores hold directly (a page's HTML, held by the page cache
  // and as the compress-once memo's key) is counted once, to those stores together.
  /** @type {Map<number, Set<string>>} */
  const holders = new Map();
  for (let v = 0; v < count; v++) {
    const part = partOf[v];
    if (!part) continue;
    for (let e = int(firstEdge, v); e < int(firstEdge, v + 1); e++) {
      const w = int(edgeTargets, e);
      if (edgeWeak[e] || partOf[w] !== null || int(idom, w) < 0) continue;
      const set = holders.get(w) ?? new Set();
      set.add(part);
      holders.set(w, set);
    }
  }
  for (const [w, set] of holders) partOf[w] = `shared by ${[...set].sort().join(' and ')}`;
  /** @type {Map<string, number>} */
  const parts = new Map();
  for (let v = 0; v < count; v++) {
    const part = partOf[v] ?? (int(idom, v) < 0 ? '(unreachable, collected next)' : `other: ${typeOf(v)}`);
    parts.set(part, (parts.get(part) ?? 0) + self(v));
  }
  const partList = [...parts].map(([part, bytes]) => ({ part, bytes })).sort((a, b) => b.bytes - a.bytes);
  const constructors = [...byKind.values()].sort((a, b) => b.selfBytes - a.selfBytes).slice(0, top);
  return { file, nodes: count, totalBytes: total, parts: partList, constructors, tree };
}

/** @param {number} b */
const mib = (b) => (b / 1048576).toFixed(1);

/**
 * The summary as printable lines.
 * @param {Summary} s
 * @returns {string[]}
 */
export function formatSummary(s) {
  const lines = [`heap snapshot ${s.file}: ${s.nodes} objects, ${mib(s.totalBytes)} MiB live`];
  lines.push('  parts (each object once, in the store that holds it, else by its type):');
  for (const r of s.parts.filter((x) => x.bytes >= 256 * 1024)) lines.push(`    ${mib(r.bytes).padStart(8)} MiB  ${r.part}`);
  lines.push('  by constructor (self size):');
  for (const r of s.constructors) lines.push(`    ${mib(r.selfBytes).padStart(8)} MiB  ${String(r.count).padStart(8)}  ${r.kind}`);
  lines.push('  dominator tree, branches retaining 1 MiB (or 0.5%) and more (retained size, object <- held as):');
  for (const r of s.tree) lines.push(`    ${mib(r.retainedBytes).padStart(8)} MiB  ${'  '.repeat(r.level)}${r.object}  <- ${r.heldAs}`);
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node scripts/soak/heap-summary.mjs FILE.heapsnapshot [--top N]');
    process.exit(2);
  }
  const i = process.argv.indexOf('--top');
  const top = i > 0 ? Number(process.argv[i + 1]) : 25;
  for (const line of formatSummary(summarizeSnapshot(file, { top }))) console.log(line);
}
