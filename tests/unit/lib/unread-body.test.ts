import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { closeIfBodyUnread, hasBody } from '@/lib/server/unread-body.mjs';

/**
 * A server that answers every request at once without reading its body, as a refusal does, with
 * and without the filter server.mjs runs; a client that streams a long chunked body tells whether
 * the connection was closed or the rest was read (and thrown away) by Node.
 */
async function bytesTakenIn(filter: boolean): Promise<{ read: number; closed: boolean; answered: boolean }> {
  let read = 0;
  const server = http.createServer((req, res) => {
    if (filter) closeIfBodyUnread(req, res);
    req.socket.on('data', (d: Buffer) => (read += d.length));
    res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":1,"code":"bad_request"}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const sock = net.connect(port, '127.0.0.1');
  let closed = false;
  let answered = false;
  sock.on('data', () => (answered = true));
  sock.on('error', () => (closed = true));
  sock.on('close', () => (closed = true));
  await new Promise((r) => sock.once('connect', r));
  sock.write('POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n');
  const chunk = Buffer.concat([Buffer.from('4000\r\n'), Buffer.alloc(0x4000, 'a'), Buffer.from('\r\n')]);
  for (let i = 0; i < 256 && !closed; i++) {
    sock.write(chunk);
    await new Promise((r) => setTimeout(r, 1));
  }
  const closedByServer = closed;
  sock.destroy();
  await new Promise<void>((r) => server.close(() => r()));
  return { read, closed: closedByServer, answered };
}

describe('closeIfBodyUnread', () => {
  it('tells a request with a body from one without', () => {
    expect(hasBody({ 'transfer-encoding': 'chunked' })).toBe(true);
    expect(hasBody({ 'content-length': '12' })).toBe(true);
    expect(hasBody({ 'content-length': '0' })).toBe(false);
    expect(hasBody({})).toBe(false);
  });

  it('closes the connection after an answer sent before the body was read, leaving the rest unread', async () => {
    const without = await bytesTakenIn(false);
    const withFilter = await bytesTakenIn(true);
    // Node alone reads the whole 4 MB to keep the connection.
    expect(without.answered).toBe(true);
    expect(without.closed).toBe(false);
    expect(without.read).toBeGreaterThan(3 * 1024 * 1024);
    expect(withFilter.answered).toBe(true);
    expect(withFilter.closed).toBe(true);
    expect(withFilter.read).toBeLessThan(1024 * 1024);
  });
});
