import path from 'node:path';
import { DEFAULT_KVS_COLUMNS, KVS_FIELDS } from './normalise';
import { FORMATS, type FeedFormat, type ParseOptions } from './types';

export class UsageError extends Error {}

export interface ImportCommand {
  target: string;
  parse: ParseOptions;
  source: string;
  deleteMissing: boolean;
}

const VALUE_FLAGS = new Set(['format', 'columns', 'separator', 'list-separator', 'source']);
const BOOLEAN_FLAGS = new Set(['header', 'delete-missing']);

/** Splits argv into positionals and flags (--name value, --name=value, bare boolean flags). */
export function splitArgs(argv: readonly string[], valueFlags: ReadonlySet<string>, booleanFlags: ReadonlySet<string>) {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq > 0 ? eq : undefined);
    if (booleanFlags.has(name) && eq < 0) flags.set(name, 'true');
    else if (valueFlags.has(name)) {
      const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      flags.set(name, value);
    } else throw new UsageError(`unknown option ${arg}`);
  }
  return { positional, flags };
}

function formatOf(target: string): FeedFormat {
  const ext = path.extname(new URL(target, 'file:///').pathname).toLowerCase();
  return ext === '.json' ? 'kvs-json' : ext === '.xml' ? 'kvs-xml' : 'kvs-csv';
}

/** A source name: letters, digits, dot, dash, underscore. */
function sourceOf(target: string, format: FeedFormat): string {
  if (format === 'pornhub' || format === 'xvideos') return format;
  const base = /^https?:\/\//i.test(target) ? new URL(target).hostname : path.basename(target);
  return base.replace(/[^a-z0-9._-]+/gi, '-').slice(0, 64) || 'feed';
}

function single(flags: Map<string, string>, name: string, fallback: string): string {
  const v = flags.get(name) ?? fallback;
  if (v === '' || v.length > 4 || /[\r\n]/.test(v)) throw new UsageError(`--${name} takes a separator of 1 to 4 characters`);
  return v;
}

export function parseImportArgs(argv: readonly string[], embedHosts: readonly string[]): ImportCommand {
  const { positional, flags } = splitArgs(argv, VALUE_FLAGS, BOOLEAN_FLAGS);
  if (positional.length !== 1) throw new UsageError('give exactly one feed file or http(s) URL');
  const target = positional[0]!;
  const formatFlag = flags.get('format');
  if (formatFlag !== undefined && !(FORMATS as readonly string[]).includes(formatFlag)) {
    throw new UsageError(`--format takes one of ${FORMATS.join(', ')}`);
  }
  const format = (formatFlag as FeedFormat | undefined) ?? formatOf(target);
  const separator = single(flags, 'separator', '|');
  const columns = flags.has('columns') ? (flags.get('columns') ?? '').split(flags.get('columns')?.includes('|') ? '|' : ',').map((c) => c.trim()) : DEFAULT_KVS_COLUMNS;
  for (const c of columns) {
    if (!(KVS_FIELDS as readonly string[]).includes(c)) throw new UsageError(`--columns: unknown column ${JSON.stringify(c)} (known: ${KVS_FIELDS.join(', ')})`);
  }
  if (!columns.includes('id') || !columns.includes('title') || !columns.includes('embed')) {
    throw new UsageError('--columns must include id, title and embed');
  }
  const source = flags.get('source') ?? sourceOf(target, format);
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(source)) throw new UsageError('--source takes 1 to 64 letters, digits, dots, dashes or underscores');
  return {
    target,
    source,
    deleteMissing: flags.has('delete-missing'),
    parse: { format, columns, separator, listSeparator: single(flags, 'list-separator', ','), header: flags.has('header'), embedHosts },
  };
}
