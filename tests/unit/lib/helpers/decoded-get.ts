import http from 'node:http';
import zlib from 'node:zlib';

/** An answer over real HTTP: its raw bytes, and its text decoded from gzip or brotli when it came so. */
export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  text: string;
}

/** One request to `base` + `path`, read whole. */
export function decodedGet(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const coding = res.headers['content-encoding'];
        const text = coding === 'gzip' ? zlib.gunzipSync(raw).toString() : coding === 'br' ? zlib.brotliDecompressSync(raw).toString() : raw.toString();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
