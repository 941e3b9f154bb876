/**
 * A card's preview frames in its data-frames attribute, written short: frame URLs usually differ
 * only by a counting number (".../1.jpg ... /10.jpg"), so "prefix{1-10}suffix" stands for the
 * list. Anything else is written out, separated by spaces. 60 cards x 10 URLs add up in the HTML
 * and again in the page's flight payload.
 */

const RANGE = /^([^{}]*)\{(\d+)-(\d+)\}([^{}]*)$/;

/** The attribute value for a list of frame URLs. */
export function packFrames(frames: readonly string[]): string {
  const first = frames[0];
  if (first !== undefined && frames.length > 1 && !first.includes('{') && !first.includes('}')) {
    // The last number in the first URL is the counter; the other frames must continue it.
    const m = /^(.*?)(\d+)(\D*)$/.exec(first);
    if (m) {
      const [, prefix = '', digits = '', suffix = ''] = m;
      const start = Number(digits);
      if (String(start) === digits && frames.every((f, i) => f === `${prefix}${start + i}${suffix}`)) {
        return `${prefix}{${start}-${start + frames.length - 1}}${suffix}`;
      }
    }
  }
  return frames.join(' ');
}

/** The frame URLs from an attribute value written by packFrames. */
export function unpackFrames(value: string): string[] {
  const m = RANGE.exec(value);
  if (m) {
    const [, prefix = '', from = '', to = '', suffix = ''] = m;
    const start = Number(from);
    const end = Number(to);
    if (end >= start && end - start < 100) return Array.from({ length: end - start + 1 }, (_, i) => `${prefix}${start + i}${suffix}`);
  }
  return value.split(' ').filter(Boolean);
}
