/**
 * The generated parts of the shipped nginx.conf (the security headers, the cache key by route):
 * each between its own BEGIN and END lines, replaced whole by its generator.
 */

/** `conf` with the block from the `begin` line through the `end` line replaced by `block`; throws without exactly one. */
export function withGeneratedBlock(conf: string, begin: string, end: string, block: string, name: string): string {
  const from = conf.indexOf(begin);
  const to = conf.indexOf(end);
  if (from < 0 || to < from || conf.indexOf(begin, from + 1) >= 0) throw new Error(`nginx.conf: expected one generated ${name} block`);
  const after = conf.indexOf('\n', to) + 1;
  return conf.slice(0, from) + block + conf.slice(after);
}
