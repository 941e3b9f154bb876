import 'server-only';
/**
 * Request bodies, read with a cap on the bytes while they stream. `request.text()`, `.json()`,
 * `.formData()` and `.arrayBuffer()` read a body whole before anyone can look at its size, and a
 * chunked body has no Content-Length to check first: a client could make the server take in any
 * amount of data before it answered. Here the reading stops at the first chunk past the cap, and
 * the answer (413) closes the connection, so the rest of the upload is never read (server.mjs
 * does the same for every answer sent before its body was read: lib/server/unread-body.mjs).
 */
import { json } from './http';

export type BodyRead<T> = { ok: true; value: T } | { ok: false; response: Response };

/** Extra headers of the refusals (an endpoint's own Cache-Control). */
type Headers = Record<string, string>;

/** 413 with the API's JSON error; the connection closes after it, unread bytes and all. */
export function bodyTooLarge(maxBytes: number, headers: Headers = {}): Response {
  return json(
    { error: 1, code: 'payload_too_large', message: `the body must be at most ${maxBytes} bytes` },
    // Without it Node would keep the connection for a next request, reading (and throwing away)
    // whatever the client still sends of this body first.
    { status: 413, headers: { ...headers, connection: 'close' } },
  );
}

const refused = (response: Response): BodyRead<never> => ({ ok: false, response });

/**
 * The body as UTF-8 text when it is at most `maxBytes` long, else the 413 answer. A declared
 * Content-Length over the cap is refused before any byte is read; a chunked body is counted as it
 * arrives. The stream is left unread past the cap rather than cancelled: cancelling destroys the
 * request, and with it the socket, so the client would get a reset instead of the answer.
 */
export async function readBodyText(request: Request, maxBytes: number, headers: Headers = {}): Promise<BodyRead<string>> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) return refused(bodyTooLarge(maxBytes, headers));
  if (!request.body) return { ok: true, value: '' };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) return refused(bodyTooLarge(maxBytes, headers));
      chunks.push(value);
    }
  } catch {
    // The client went away mid-body, or broke the chunked framing: an answer, never a 500.
    return refused(json({ error: 1, code: 'bad_request', message: 'the body could not be read' }, { status: 400, headers }));
  } finally {
    reader.releaseLock();
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return { ok: true, value: new TextDecoder().decode(all) };
}

/** The body parsed as JSON, at most `maxBytes` long: else 413, or 400 when it is not JSON. */
export async function readBodyJson(request: Request, maxBytes: number, headers: Headers = {}): Promise<BodyRead<unknown>> {
  const text = await readBodyText(request, maxBytes, headers);
  if (!text.ok) return text;
  try {
    return { ok: true, value: JSON.parse(text.value) };
  } catch {
    return refused(json({ error: 1, code: 'bad_request', message: 'body is not JSON' }, { status: 400, headers }));
  }
}
