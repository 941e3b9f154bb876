import type { IncomingMessage, ServerResponse } from 'node:http';

/** The request header that carries EDGE_SECRET from the shipped nginx edge. */
export const EDGE_HEADER: string;

/** The headers the edge sets itself, lower case. */
export const EDGE_OWNED_HEADERS: string[];

/** Whether a request header's value is the secret (constant time); never for an empty secret. */
export function edgeSecretMatches(sent: string | undefined, secret: string | undefined): boolean;

/** The filter server.mjs puts in front of everything (lib/server/edge-headers.mjs). */
export function createEdgeHeaders(secret: string | undefined): (req: IncomingMessage, res: ServerResponse) => void;
