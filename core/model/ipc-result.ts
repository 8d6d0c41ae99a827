import type { ErrorCode } from './errors.js';

/**
 * The one answer shape of every Electron IPC handler: `{ok:true,data}` or the spec's
 * `{status, code, message}` with the error's `data` where it has one (as the HTTP error body
 * carries it: a refusal's `reason`, candidate countries); `FORBIDDEN` (403) is IPC's own, for a
 * sender that is not the app's window.
 */
export type IpcResult<T> =
  { ok: true; data: T } | { ok: false; error: { status: number; code: ErrorCode | 'FORBIDDEN'; message: string; data?: Record<string, unknown> } };
