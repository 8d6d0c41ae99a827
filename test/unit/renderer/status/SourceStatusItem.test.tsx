// @vitest-environment jsdom
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SourceMonitor } from '../../../../core/status/source-monitor.js';
import { UpstreamClient } from '../../../../core/upstream/upstream-client.js';
import { ClientContext } from '../../../../renderer/ui/client-context.js';
import { i18next } from '../../../../renderer/i18n/i18n.js';
import { SourceStatusItem } from '../../../../renderer/status/SourceStatusItem.js';
import { fakeClient } from '../../../helpers/fake-client.js';

/** Two sources behind a local server, checked by the core's real monitor: Luxembourg's answers, Portugal's fails. */
let server: http.Server;
let monitor: SourceMonitor;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.writeHead(req.url === '/up' ? 200 : 503).end('x');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  monitor = new SourceMonitor(new UpstreamClient({ retries: 0, timeoutMs: 2000 }), [
    { check: { source: 'ACT Luxembourg INSPIRE CP WFS', url: `${base}/up` }, countries: ['LU'] },
    { check: { source: 'DGT SNIC INSPIRE WFS', url: `${base}/down` }, countries: ['PT'] },
  ]);
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);
afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
});

const clientOf = () => fakeClient({ status: async () => monitor.snapshot(3, '2026-10-01') });
const renderItem = () =>
  render(
    <ClientContext.Provider value={clientOf()}>
      <SourceStatusItem refreshMs={50} />
    </ClientContext.Provider>,
  );

describe('the status-bar item of the cadastral sources', () => {
  it('says the sources are not checked yet before the first check', async () => {
    renderItem();
    await waitFor(() => expect(screen.getByTestId('source-status').getAttribute('data-state')).toBe('unknown'));
    expect(screen.getByTestId('source-status').textContent).toContain('Sources not checked yet');
  });

  it('shows how many answer and names the country whose source is down without being opened', async () => {
    await monitor.checkAll();
    renderItem();
    await waitFor(() => expect(screen.getByTestId('source-status').getAttribute('data-state')).toBe('degraded'));
    expect(screen.getByTestId('source-status').textContent).toContain('1 of 2 sources answer');
    expect(screen.getByTestId('countries-down').textContent).toBe('down: PT');
    expect(screen.queryAllByRole('listitem')).toEqual([]); // rendered once opened
    fireEvent.click(screen.getByText(/1 of 2 sources answer/));
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('data-health'))).toEqual(['up', 'down']);
    expect(rows[1].textContent).toMatch(/DGT SNIC INSPIRE WFS \(PT\) — does not answer · checked .*, \d+ ms/);
  });

  it('speaks the shown language', async () => {
    await i18next.changeLanguage('es');
    renderItem();
    await waitFor(() => expect(screen.getByTestId('countries-down').textContent).toBe('sin servicio: PT'));
    expect(screen.getByTestId('source-status').textContent).toContain('1 de 2 fuentes responden');
  });
});
