/**
 * The generated parts of the shipped nginx.conf (the security headers, the cache key by route, the age policy):
 * each between its own BEGIN and END lines, replaced whole by its generator.
 */

/**
 * `conf` with the block from the `begin` line through the `end` line replaced by `block` (which
 * ends with a newline); throws without exactly one. Whole lines are matched: one marker may be a
 * part of another's line ("# END security headers" within "# END security headers (server)").
 */
export function withGeneratedBlock(conf: string, begin: string, end: string, block: string, name: string): string {
  const line = (marker: string, from = 0) => {
    const at = conf.indexOf(`\n${marker}\n`, from);
    return at < 0 ? -1 : at + 1;
  };
  const from = line(begin);
  const to = line(end, from);
  if (from < 0 || to < from || line(begin, from) >= 0) throw new Error(`nginx.conf: expected one generated ${name} block`);
  return conf.slice(0, from) + block + conf.slice(to + end.length + 1);
}
