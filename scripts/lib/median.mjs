/**
 * The median the benches and the soak quote: the middle value, or the mean of the two middle ones
 * for an even count; 0 for no values.
 * @param {readonly number[]} xs
 * @returns {number}
 */
export function median(xs) {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  // Not empty (above): s[mid] and, for an even count, s[mid - 1] are there.
  const upper = /** @type {number} */ (s[mid]);
  return s.length % 2 ? upper : (/** @type {number} */ (s[mid - 1]) + upper) / 2;
}
