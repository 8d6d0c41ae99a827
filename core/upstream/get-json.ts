import { unavailable } from '../model/index.js';

/** What `getJson` needs: `UpstreamClient` (timeouts, retries, breaker) or a test's stub of it. */
export interface TextGetter {
  getText(url: string, request: { source: string; signal?: AbortSignal; accept?: string }): Promise<{ status: number; body: string }>;
}

/**
 * GET a JSON answer through the upstream client. A body that is not JSON is the source failing
 * (a maintenance page, a cut answer): 503 SERVICE_UNAVAILABLE naming the source. Only a 4xx
 * refusal may come as plain text; it resolves with `json: undefined` and the caller reads its status.
 */
export async function getJson(http: TextGetter, url: string, request: { source: string; signal?: AbortSignal }): Promise<{ status: number; json: unknown }> {
  const answer = await http.getText(url, { ...request, accept: 'application/json' });
  try {
    return { status: answer.status, json: JSON.parse(answer.body.replace(/^\uFEFF/, '')) };
  } catch {
    if (answer.status >= 400 && answer.status < 500) return { status: answer.status, json: undefined };
    throw unavailable(`${request.source} sent an answer that is not JSON (a maintenance page or a cut answer); retry later.`);
  }
}
