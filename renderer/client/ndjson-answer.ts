import { STATUS_OF_CODE } from '../../core/model/index.js';
import { ClientError } from './catastro-client.js';

export interface Envelope<T> {
  success: boolean;
  data?: T;
  error?: string;
  code?: ClientError['code'];
}

/**
 * The answer of a long run of `catastro start`'s session routes (core/api/routes/ndjson-run.ts):
 * NDJSON `{"progress":…}` lines, then the spec's envelope as the last line; or, when the run was
 * refused before it began, a plain envelope with its status. Progress goes to `onProgress`; the
 * result is returned, a refusal thrown as ClientError with the spec's code.
 */
export async function readRunAnswer<P, R>(response: Response, onProgress: (progress: P) => void): Promise<R> {
  if (!response.headers.get('content-type')?.startsWith('application/x-ndjson')) return readEnvelopeData(response);
  let final: Envelope<R> | undefined;
  const decoder = new TextDecoder();
  const reader = response.body!.getReader();
  let pending = '';
  for (;;) {
    const { done, value } = await reader.read().catch((error: Error) => {
      throw new ClientError(0, 'NETWORK_ERROR', `The local service stopped answering mid-way (${error.message}); what was imported stays.`);
    });
    if (done) break;
    pending += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = pending.indexOf('\n')) >= 0) {
      const line = JSON.parse(pending.slice(0, end)) as { progress?: P; success?: boolean };
      pending = pending.slice(end + 1);
      if (typeof line.success === 'boolean') final = line as Envelope<R>;
      else if (line.progress) onProgress(line.progress);
    }
  }
  if (!final) throw new ClientError(0, 'NETWORK_ERROR', 'The local service ended its answer without the result; the copy shows what was imported.');
  // The last line is an envelope whose status line went out long before (200): its code says which.
  const codeStatus = (STATUS_OF_CODE as Record<string, number | undefined>)[final.code ?? ''];
  return unwrap(final, final.success ? 200 : (codeStatus ?? 500));
}

/** A plain envelope answer's data; a non-2xx status or `success: false` is its ClientError (the spec's code). */
export async function readEnvelopeData<T>(response: Response): Promise<T> {
  let body: Envelope<T>;
  try {
    body = (await response.json()) as Envelope<T>;
  } catch {
    throw new ClientError(response.status, 'INTERNAL_ERROR', `The service answered ${response.status} without a JSON body.`);
  }
  return unwrap(response.ok ? body : { ...body, success: false }, response.status);
}

function unwrap<T>(envelope: Envelope<T>, status: number): T {
  if (envelope.success) return envelope.data as T;
  throw envelopeError(envelope, status);
}

/** The ClientError of an error body: its code and text, and its `data` (a refusal's reason) when it has one. */
export function envelopeError(body: Envelope<unknown>, status: number): ClientError {
  const data = typeof body.data === 'object' && body.data !== null && !Array.isArray(body.data) ? (body.data as Record<string, unknown>) : undefined;
  return new ClientError(status, body.code ?? 'INTERNAL_ERROR', body.error ?? `HTTP ${status}`, data);
}
