/**
 * Only the endpoints that take a body read one, over real HTTP on the built site, in the
 * site's server (server.mjs, TRUST_NONE_URL) and in a plain `next start` (TRUST_PLAIN_URL): a
 * chunked upload sent slowly and never finished, to a page, a path with a percent-escape and a
 * `.rsc` path, is answered within a second and the connection closed, while the server reads
 * under 64 KB of it (counted from /proc/<pid>/io). Before, each waited for the body's end (Next's
 * proxy clones it): 30 MB sent fast were read whole before /videos/ answered its 308.
 */
import fs from 'node:fs';
import net from 'node:net';

const SERVERS = {
  'server.mjs': { url: process.env.TRUST_NONE_URL!, pid: process.env.TRUST_NONE_PID! },
  'next start': { url: process.env.TRUST_PLAIN_URL!, pid: process.env.TRUST_PLAIN_PID! },
};
for (const s of Object.values(SERVERS)) if (!s.url || !s.pid) throw new Error('run through tests/trust/run.mjs (npm run test:trust)');

/** Bytes the process has read through read(2) and its kind: sockets included. */
const bytesRead = (pid: string) => Number(/^rchar: (\d+)$/m.exec(fs.readFileSync(`/proc/${pid}/io`, 'utf8'))![1]);

type Upload = { status: string; answeredMs: number | null; closed: boolean; sent: number; read: number; head: string };

/** A chunked POST of 16 KB every 20 ms that never ends, watched for up to `watchMs`. */
async function slowUpload(base: string, pid: string, path: string, watchMs = 3000): Promise<Upload> {
  const { port } = new URL(base);
  const before = bytesRead(pid);
  const sock = net.connect(Number(port), '127.0.0.1');
  const started = Date.now();
  let head = '';
  let answeredMs: number | null = null;
  let closed = false;
  sock.on('data', (d) => {
    if (answeredMs === null) answeredMs = Date.now() - started;
    head += d.toString();
  });
  sock.on('error', () => {});
  const end = new Promise<void>((r) => sock.on('close', () => r()));
  sock.write(`POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n`);
  const chunk = `4000\r\n${'a'.repeat(16 * 1024)}\r\n`;
  let sent = 0;
  const pump = setInterval(() => {
    if (sock.destroyed) return;
    sock.write(chunk);
    sent += 16 * 1024;
  }, 20);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([end.then(() => (closed = true)), new Promise((r) => (timer = setTimeout(r, watchMs)))]);
  clearTimeout(timer);
  clearInterval(pump);
  // What the server took in while the client kept sending, before this test let go.
  const read = bytesRead(pid) - before;
  sock.destroy();
  return { status: head.split('\r\n', 1)[0] ?? '', answeredMs, closed, sent, read, head };
}

describe.each(Object.entries(SERVERS))('a body where none is taken (%s)', (_name, { url, pid }) => {
  it.each(['/videos/', '/videos/%41b/', '/videos.rsc'])('POST %s: 405 within a second, closed, under 64 KB read', async (path) => {
    const r = await slowUpload(url, pid, path);
    expect({ path, status: r.status }).toEqual({ path, status: 'HTTP/1.1 405 Method Not Allowed' });
    expect(r.answeredMs).toBeLessThan(1000);
    expect(r.closed).toBe(true);
    expect(r.head).toMatch(/\r\nconnection: close\r\n/i);
    expect(r.read).toBeLessThan(64 * 1024);
  });

  it('a GET declaring a body it never sends: 413 at once; the statistics endpoint still takes its own', async () => {
    const { port } = new URL(url);
    const sock = net.connect(Number(port), '127.0.0.1');
    sock.on('error', () => {});
    sock.write('GET /information/ HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100000\r\n\r\n');
    const head = await new Promise<string>((r) => sock.once('data', (d) => r(d.toString())));
    sock.destroy();
    expect(head.split('\r\n', 1)[0]).toBe('HTTP/1.1 413 Payload Too Large');
    const huge = await fetch(`${url}/api/input.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'act=view&section=video&object_id=1&pad=' + 'x'.repeat(4096),
    });
    expect(huge.status).toBe(413);
    const view = await fetch(`${url}/api/input.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'act=view&section=video&object_id=1',
    });
    expect(view.status).toBeLessThan(500);
    expect(view.status).not.toBe(405);
  });
});
