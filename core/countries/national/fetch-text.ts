import { unavailable } from '../../model/index.js';
import type { AdapterContext } from '../adapter.js';

/**
 * A GET through the context's UpstreamClient (timeouts, retries, one circuit breaker per
 * `source`). These services report "nothing found" with HTTP 200 bodies; any other status is the
 * service failing, hence 503. `timeoutMs`: a slow source's own time per attempt (UpstreamRequest).
 */
export async function fetchText(url: string, source: string, ctx: AdapterContext, accept: string, timeoutMs?: number): Promise<string> {
  const answer = await ctx.http.getText(url, { source, signal: ctx.signal, accept, ...(timeoutMs !== undefined && { timeoutMs }) });
  if (answer.status !== 200) throw unavailable(`${source} answered HTTP ${answer.status}; retry later.`);
  return answer.body;
}
