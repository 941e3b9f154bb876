import type { IncomingMessage, ServerResponse } from 'node:http';

/** The store key of a request (URL, router headers, cookies' names), or null when it must go to Next. */
export function answerKey(req: IncomingMessage): string | null;

/** The seconds a shared cache may keep an answer with this Cache-Control, or 0. */
export function sharedLifetime(cacheControl: unknown): number;

/** A fingerprint of the page cache handler's tag times, or null without a handler state. */
export function tagFingerprint(state: { tagExpiry?: unknown } | undefined): string | null;

export const DEFAULT_STORE_MB: number;
export const MAX_SECONDS: number;

export interface AnswerStoreOptions {
  maxBytes?: number;
  maxSeconds?: number;
  replayHeader?: string;
  pageCacheState?: () => { tagExpiry?: unknown } | undefined;
  now?: () => number;
}

/** The store's options from ANSWER_STORE_MB and ANSWER_STORE_TRACE. */
export function answerStoreOptions(env: Record<string, string | undefined>, warn?: (message: string) => void): Required<Pick<AnswerStoreOptions, 'maxBytes' | 'maxSeconds' | 'replayHeader'>>;

export interface AnswerStore {
  /** Answers from the store (true), or watches Next's answer to store it (false). */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  clear(): void;
  stats(): { entries: number; bytes: number; hits: number; stores: number };
}

/** The store server.mjs puts between its response filters and Next's handler (lib/server/answer-store.mjs). */
export function createAnswerStore(options?: AnswerStoreOptions): AnswerStore;
