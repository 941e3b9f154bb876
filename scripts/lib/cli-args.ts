/** Tiny flag parser for the catalogue scripts: --name value, --name=value and bare --flag. */
export function parseFlags(argv: readonly string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) continue;
    const eq = arg.indexOf('=');
    if (eq > 0) {
      flags.set(arg.slice(2, eq), arg.slice(eq + 1));
    } else {
      const next = argv[i + 1];
      if (next !== undefined && !next.startsWith('--')) {
        flags.set(arg.slice(2), next);
        i++;
      } else {
        flags.set(arg.slice(2), 'true');
      }
    }
  }
  return flags;
}

/** A positive whole number flag, or the fallback; exits with a one-line message on junk. */
export function positiveIntFlag(flags: Map<string, string>, name: string, fallback: number): number {
  const raw = flags.get(name);
  if (raw === undefined) return fallback;
  const n = Number(raw.replaceAll('_', ''));
  if (!Number.isInteger(n) || n < 1) {
    console.error(`--${name} takes a positive whole number, got ${JSON.stringify(raw)}`);
    process.exit(2);
  }
  return n;
}
