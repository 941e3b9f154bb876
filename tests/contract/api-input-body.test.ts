/**
 * A statistics post is a few short fields: the server refuses a longer body as soon as it passes
 * the cap, chunked or not, and closes the connection instead of taking in the rest (docs/api.md,
 * "Errors and request bodies"). Over a raw socket, so that the body is really sent chunked and paced: a client
 * that wrote it all first could not tell when the server answered.
 */
import net from 'node:net';

const base = process.env.CONTRACT_BASE_URL;
if (!base) throw new Error('CONTRACT_BASE_URL must name the running site (tests/e2e/run.mjs sets it)');

const TOTAL = 20 * 1024 * 1024;
const CHUNK = 16 * 1024;

interface Upload {
  status: number;
  body: string;
  /** Body bytes written when the answer's head arrived (all of them if it came after the end). */
  sentBeforeAnswer: number;
  /** Whether the server closed the connection before the client finished the body. */
  closedEarly: boolean;
  sent: number;
}

/** POSTs TOTAL bytes as 16 kB chunks, one a millisecond, until the server answers and closes. */
async function chunkedPost(contentType: string): Promise<Upload> {
  const { hostname, port } = new URL(base!);
  const sock = net.connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
  let raw = '';
  let sent = 0;
  let sentBeforeAnswer = -1;
  let closed = false;
  sock.on('data', (d: Buffer) => {
    raw += d.toString('latin1');
    if (sentBeforeAnswer < 0 && raw.includes('\r\n\r\n')) sentBeforeAnswer = sent;
  });
  sock.on('error', () => (closed = true));
  sock.on('close', () => (closed = true));
  await new Promise((resolve) => sock.once('connect', resolve));
  sock.write(`POST /api/input.php HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: ${contentType}\r\nTransfer-Encoding: chunked\r\n\r\n`);
  const chunk = Buffer.concat([Buffer.from(`${CHUNK.toString(16)}\r\n`), Buffer.alloc(CHUNK, 'a'), Buffer.from('\r\n')]);
  while (sent < TOTAL && !closed) {
    const more = sock.write(chunk);
    sent += CHUNK;
    if (!more) await new Promise((resolve) => (sock.once('drain', resolve), sock.once('close', resolve)));
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  const closedEarly = closed;
  if (!closed) sock.write('0\r\n\r\n');
  const until = Date.now() + 10_000;
  while (sentBeforeAnswer < 0 && !closed && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
  sock.destroy();
  const [head = '', rest = ''] = raw.split('\r\n\r\n');
  // The body is chunked too: its JSON is the one line that starts with '{'.
  const body = rest.split('\r\n').find((line) => line.startsWith('{')) ?? '';
  return { status: Number(head.split(' ')[1]), body, sentBeforeAnswer, closedEarly, sent };
}

describe('POST /api/input.php with a 20 MB chunked body', () => {
  it('answers 413 long before the body ends, and closes instead of reading the rest', async () => {
    const r = await chunkedPost('application/x-www-form-urlencoded');
    console.log(`413 case: answer after ${r.sentBeforeAnswer} of ${TOTAL} bytes sent; connection closed early: ${r.closedEarly} (at ${r.sent})`);
    expect(r.sentBeforeAnswer).toBeGreaterThanOrEqual(0);
    expect(r.sentBeforeAnswer).toBeLessThan(TOTAL / 2);
    expect(r.closedEarly).toBe(true);
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body)).toMatchObject({ error: 1, code: 'payload_too_large' });
  });

  it('a refusal that never reads the body (wrong type) does not take the upload in either', async () => {
    const r = await chunkedPost('text/plain');
    console.log(`400 case: answer after ${r.sentBeforeAnswer} of ${TOTAL} bytes sent; connection closed early: ${r.closedEarly} (at ${r.sent})`);
    expect(r.closedEarly).toBe(true);
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body)).toMatchObject({ error: 1, code: 'bad_request' });
  });

  it('a short chunked vote still counts as before', async () => {
    const res = await fetch(new URL('/api/input.php', base), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new Blob(['act=view&section=video&object_id=1']).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: 1 });
  });
});
