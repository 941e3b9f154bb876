/**
 * The network's encoding of `video_url` in /api/videofile.php answers: standard base64 of the
 * URL, with the Latin capitals A B C E M written as their Cyrillic look-alikes and `/` `+` `=`
 * written as `,` `.` `~`. Its players and public clients (yt-dlp's TXXX extractor among them)
 * decode it with exactly this table; the decoder also takes the further look-alikes yt-dlp knows
 * (S I J K H O P X), so that an upstream using them is read too.
 */

const ENCODE: Record<string, string> = {
  A: '\u0410',
  B: '\u0412',
  C: '\u0421',
  E: '\u0415',
  M: '\u041c',
  '/': ',',
  '+': '.',
  '=': '~',
};

const DECODE: Record<string, string> = {
  '\u0405': 'S',
  '\u0406': 'I',
  '\u0408': 'J',
  '\u0410': 'A',
  '\u0412': 'B',
  '\u0415': 'E',
  '\u041a': 'K',
  '\u041c': 'M',
  '\u041d': 'H',
  '\u041e': 'O',
  '\u0420': 'P',
  '\u0421': 'C',
  '\u0425': 'X',
  ',': '/',
  '.': '+',
  '~': '=',
};

// btoa/atob and TextEncoder/TextDecoder rather than Buffer: this runs in browsers too.
export function encodeVideoUrl(url: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(url)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/[ABCEM/+=]/g, (c) => ENCODE[c] ?? c);
}

/** The URL, or null when the text is not the network's encoding of one. */
export function decodeVideoUrl(encoded: string): string | null {
  const b64 = [...String(encoded).trim()].map((c) => DECODE[c] ?? c).join('');
  if (!b64 || !/^[A-Za-z0-9+/]+={0,2}$/.test(b64) || b64.length % 4 === 1) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
  // A decoded URL is printable and either root-relative or absolute http(s).
  if (/[\u0000-\u001f\u007f\s]/.test(text)) return null;
  return /^(\/(?!\/)|https?:\/\/)/i.test(text) ? text : null;
}
