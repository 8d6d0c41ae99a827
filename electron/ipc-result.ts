import type { ErrorCode, IpcResult } from '../core/model/index.js';

export type { IpcResult };

interface ErrorLike {
  status?: unknown;
  code?: unknown;
  message?: unknown;
  data?: unknown;
}

export async function toIpcResult<T>(work: () => Promise<T> | T): Promise<IpcResult<T>> {
  try {
    return { ok: true, data: await work() };
  } catch (caught) {
    const error = (caught ?? {}) as ErrorLike;
    const status = typeof error.status === 'number' ? error.status : 500;
    const code = (typeof error.code === 'string' ? error.code : 'INTERNAL_ERROR') as ErrorCode | 'FORBIDDEN';
    // Service errors carry the spec's message; anything else keeps its detail in the main-process log.
    const known = typeof error.code === 'string' && typeof error.message === 'string';
    const message = known ? String(error.message) : 'Internal error in the desktop app; see its log.';
    if (!known) console.error(caught);
    // A service error's data (a refusal's reason the renderer words in the user's language) crosses as the HTTP body carries it.
    const data = known && typeof error.data === 'object' && error.data !== null ? (error.data as Record<string, unknown>) : undefined;
    return { ok: false, error: data ? { status, code, message, data } : { status, code, message } };
  }
}
