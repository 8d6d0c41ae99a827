import type { ServiceStatus, SourceCheckResult, SourceStatus } from '../model/index.js';

/** Text made safe for HTML element content and attribute values. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const HEALTH_LABEL = { up: 'answers', down: 'does not answer', unknown: 'not checked yet' } as const;
const BREAKER_LABEL = { closed: 'closed', open: 'open: calls paused', 'half-open': 'half-open: trying again', isolated: 'isolated' } as const;

function historyStrip(history: SourceCheckResult[]): string {
  if (history.length === 0) return '<span class="none">no checks yet</span>';
  return history
    .slice(-48)
    .map((h) => {
      const title = `${h.at} · ${h.health === 'up' ? 'answered' : (h.reason ?? 'no answer')} · ${h.latencyMs} ms`;
      return `<span class="tick ${h.health}" title="${escapeHtml(title)}"></span>`;
    })
    .join('');
}

function sourceRow(source: SourceStatus): string {
  const last = source.lastCheck;
  return `<tr class="${source.health}">
<th scope="row">${escapeHtml(source.name)}</th>
<td>${escapeHtml(source.countries.join(', '))}</td>
<td class="health">${HEALTH_LABEL[source.health]}${last?.reason ? ` (${escapeHtml(last.reason)})` : ''}</td>
<td>${last ? `<time datetime="${escapeHtml(last.at)}">${escapeHtml(last.at.replace('T', ' ').slice(0, 19))} UTC</time>` : '—'}</td>
<td class="num">${last ? `${last.latencyMs} ms` : '—'}</td>
<td>${BREAKER_LABEL[source.breaker]}</td>
<td class="history">${historyStrip(source.history)}</td>
</tr>`;
}

/**
 * The public status page (`GET /status`): the same data as `GET /api/status`, as a table that
 * reloads every minute. Hand-written HTML with no script (a template engine would be a dependency
 * for one page); every value from the data is escaped.
 */
function summary(status: ServiceStatus): string {
  if (status.status === 'ok') return 'operational';
  if (status.store?.health === 'down') return 'degraded: the team database does not answer';
  if (status.store?.replica?.health === 'down') return 'degraded: the read replica does not answer, so lookups read the primary';
  return 'degraded: some sources do not answer';
}

export function renderStatusPage(status: ServiceStatus): string {
  const every = status.checkIntervalSeconds > 0 ? `every ${Math.round(status.checkIntervalSeconds / 60) || 1} min` : 'on demand only';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="refresh" content="60">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Catastro service status</title>
<style>
body { font: 15px/1.4 system-ui, sans-serif; margin: 2rem; color: #1b1f24; }
h1 { font-size: 1.4rem; margin: 0 0 .25rem; }
.summary { margin: 0 0 1.5rem; }
.summary .ok { color: #116329; } .summary .degraded { color: #a40e26; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .4rem .6rem; border-bottom: 1px solid #d0d7de; vertical-align: middle; }
thead th { font-weight: 600; background: #f6f8fa; }
tr.down .health { color: #a40e26; font-weight: 600; } tr.up .health { color: #116329; }
.num { text-align: right; white-space: nowrap; }
.tick { display: inline-block; width: 6px; height: 16px; margin-right: 1px; border-radius: 1px; }
.tick.up { background: #2da44e; } .tick.down { background: #cf222e; }
.none { color: #57606a; }
</style>
</head>
<body>
<h1>Catastro service status</h1>
<p class="summary">Service: <strong class="${status.status}">${summary(status)}</strong>
· version ${escapeHtml(status.version)} · ${status.parcels.toLocaleString('en')} parcels in the local copy (they answer without any source)
· sources checked ${every}.</p>
<table>
<thead><tr><th scope="col">Source</th><th scope="col">Countries</th><th scope="col">Last check</th><th scope="col">Checked at</th><th scope="col">Latency</th><th scope="col">Circuit breaker</th><th scope="col">Recent checks</th></tr></thead>
<tbody>
${status.sources.map(sourceRow).join('\n')}
</tbody>
</table>
<p class="none">Also as JSON: <a href="/api/status">/api/status</a>.</p>
</body>
</html>
`;
}
