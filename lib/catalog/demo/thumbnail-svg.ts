/**
 * Generated placeholder artwork: deterministic SVG "thumbnails" drawn from a hash, so the demo
 * catalogue needs no image files and shows nothing but colours and simple landscape shapes.
 */
import { hashInt, hashString, mulberry32 } from './prng';
import { THUMB_FRAMES } from '../media-urls';

const W = 320;
const H = 180;

function hsl(h: number, s: number, l: number): string {
  return `hsl(${Math.round(((h % 360) + 360) % 360)} ${s}% ${l}%)`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A landscape scene for a video; each frame moves the sun and shifts the light a little. */
export function videoThumbSvg(videoId: number, frame: number): string {
  const rng = mulberry32(hashInt(videoId, 0x7f4a7c15));
  const hue = rng() * 360;
  const step = (frame - 1) / Math.max(1, THUMB_FRAMES - 1);
  const skyTop = hsl(hue + step * 30, 65, 30 + step * 20);
  const skyBottom = hsl(hue + 40 + step * 30, 70, 60 + step * 10);
  const sunX = 40 + step * 240;
  const sunY = 60 + Math.sin(step * Math.PI) * -30 + rng() * 20;
  const ridges = [0, 1, 2].map((layer) => {
    const base = 110 + layer * 25;
    const points = [`0,${H}`];
    for (let x = 0; x <= W; x += 40) points.push(`${x},${Math.round(base - rng() * (40 - layer * 10))}`);
    points.push(`${W},${H}`);
    return `<polygon points="${points.join(' ')}" fill="${hsl(hue + 180 + layer * 20, 35, 25 - layer * 6)}"/>`;
  });
  const dots = Array.from({ length: THUMB_FRAMES }, (_, i) =>
    `<circle cx="${W - 12 - (THUMB_FRAMES - 1 - i) * 9}" cy="12" r="3" fill="#fff" fill-opacity="${i + 1 === frame ? 0.95 : 0.35}"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">` +
    `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/>` +
    `<stop offset="1" stop-color="${skyBottom}"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#s)"/>` +
    `<circle cx="${sunX.toFixed(1)}" cy="${sunY.toFixed(1)}" r="18" fill="${hsl(hue + 60, 90, 85)}" fill-opacity="0.9"/>` +
    ridges.join('') +
    dots.join('') +
    '</svg>';
}

/** A category tile: a diagonal gradient, named (not drawn) after the category. */
export function categoryThumbSvg(dir: string): string {
  const hue = hashString(dir) % 360;
  const label = dir
    .split('-')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 60, 45)}"/>` +
    `<stop offset="1" stop-color="${hsl(hue + 50, 65, 25)}"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#g)"/>` +
    `<circle cx="260" cy="40" r="70" fill="#fff" fill-opacity="0.08"/>` +
    // Named, not drawn: the category index writes the name under the tile (an upstream's images carry none).
    `<title>${escapeXml(label)}</title>` +
    '</svg>';
}

/** "3.svg" → 3 when 1..THUMB_FRAMES, else null. */
export function parseFrameFile(file: string): number | null {
  const m = /^([1-9]\d?)\.svg$/.exec(file);
  const n = m ? Number(m[1]) : NaN;
  return n >= 1 && n <= THUMB_FRAMES ? n : null;
}

/** "city-walks.svg" → "city-walks" for slug-shaped names, else null. */
export function parseCategoryFile(file: string): string | null {
  const m = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/.exec(file);
  return m && m[1]!.length <= 64 ? m[1]! : null;
}
