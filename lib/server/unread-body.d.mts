import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

export function hasBody(headers: IncomingHttpHeaders): boolean;
export function closeIfBodyUnread(req: IncomingMessage, res: ServerResponse): void;
