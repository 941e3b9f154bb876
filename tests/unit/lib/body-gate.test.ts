/**
 * lib/server/body-gate.mjs: which requests with a body are answered before anything reads them,
 * and, over a real socket, that a never-ending chunked upload to a path that takes no body gets
 * its answer at once while the server reads next to nothing of it.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { BODY_ENDPOINTS, bodyRefusal, refuseUnwantedBody } from '@/lib/server/body-gate.mjs';

const chunked = { 'transfer-encoding': 'chunked' };

describe('bodyRefusal', () => {
  it('lets requests without a body through, whatever their method or path', () => {
    expect(bodyRefusal('GET', '/videos/', {})).toBeNull();
    expect(bodyRefusal('POST', '/videos/', { 'content-length': '0' })).toBeNull();
    expect(bodyRefusal('DELETE', '/api/input.php', {})).toBeNull();
  });

  it('lets a POST to the endpoints that take a body through within their caps', () => {
    expect([...BODY_ENDPOINTS.keys()]).toEqual(['/api/input.php', '/api/internal/catalog-changed/', '/age/return/', '/age/test-provider/']);
    expect(bodyRefusal('POST', '/age/return/', { 'content-length': String(256 * 1024) })).toBeNull();
    expect(bodyRefusal('POST', '/age/test-provider/', { 'content-length': String(8 * 1024 + 1) })?.status).toBe(413);
    expect(bodyRefusal('POST', '/api/input.php', chunked)).toBeNull();
    expect(bodyRefusal('POST', '/api/input.php?x=1', { 'content-length': '2048' })).toBeNull();
    expect(bodyRefusal('POST', '/api/internal/catalog-changed/', { 'content-length': String(256 * 1024) })).toBeNull();
  });

  it('refuses a body declared over an endpoint cap with 413', () => {
    expect(bodyRefusal('POST', '/api/input.php', { 'content-length': '2049' })).toMatchObject({ status: 413, code: 'payload_too_large' });
    expect(bodyRefusal('POST', '/api/internal/catalog-changed/', { 'content-length': String(256 * 1024 + 1) })?.status).toBe(413);
  });

  it.each([
    ['POST', '/videos/'],
    ['POST', '/videos/%41b/'],
    ['POST', '/videos.rsc'],
    ['PUT', '/api/input.php'],
    ['POST', '/api/input.php/'],
    ['POST', '/api/input%2Ephp'],
    ['POST', '/api/internal/catalog-changed'],
    ['PATCH', '/'],
  ])('answers %s %s with a body 405', (method, url) => {
    expect(bodyRefusal(method, url, chunked)).toMatchObject({ status: 405, code: 'method_not_allowed' });
  });

  it('answers a GET or HEAD with a body 413 (the path takes none)', () => {
    expect(bodyRefusal('GET', '/videos/', { 'content-length': '5' })).toMatchObject({ status: 413, allow: 'GET, HEAD' });
    expect(bodyRefusal('HEAD', '/', chunked)?.status).toBe(413);
  });
});

describe('refuseUnwantedBody over a socket', () => {
  it('answers a slow, never-finished chunked POST at once, closes, and reads under 64 KB of it', async () => {
    let read = 0;
    let reachedHandler = false;
    const server = http.createServer((req, res) => {
      req.socket.on('data', (d: Buffer) => (read += d.length));
      if (refuseUnwantedBody(req, res)) return;
      reachedHandler = true;
      // What Next's proxy does: wait for the body's end before answering.
      req.resume();
      req.on('end', () => res.end('read whole'));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const sock = net.connect(port, '127.0.0.1');
    let answer = '';
    const started = Date.now();
    let answeredAfter = -1;
    sock.on('data', (d) => {
      if (!answer) answeredAfter = Date.now() - started;
      answer += d.toString();
    });
    sock.on('error', () => {});
    const closed = new Promise<void>((r) => sock.on('close', () => r()));
    sock.write('POST /videos/ HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n');
    const chunk = Buffer.alloc(16 * 1024, 97);
    const pump = setInterval(() => {
      if (!sock.destroyed) sock.write(`4000\r\n${chunk.toString()}\r\n`);
    }, 10);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([closed, new Promise((r) => (timer = setTimeout(r, 2000)))]);
    clearTimeout(timer);
    clearInterval(pump);
    sock.destroy();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
    expect(reachedHandler).toBe(false);
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toMatch(/\r\nallow: GET, HEAD\r\n/i);
    expect(answeredAfter).toBeLessThan(1000);
    expect(read).toBeLessThan(64 * 1024);
  });
});
