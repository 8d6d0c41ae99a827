// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BatchJobs } from '../../../../core/batch/batch-jobs.js';
import { notFound, unavailable } from '../../../../core/model/index.js';
import { chooseLanguage } from '../../../../renderer/i18n/i18n.js';
import { ClientContext } from '../../../../renderer/ui/client-context.js';
import { BatchDialog } from '../../../../renderer/batch/BatchDialog.js';
import type { CatastroClient } from '../../../../renderer/client/catastro-client.js';
import { tempDir } from '../../../helpers/temp-dir.js';
import { fakeClient } from '../../../helpers/fake-client.js';

/**
 * The dialog over the real BatchJobs (one batch at a time): a batch started while another runs
 * is shown as queued, stoppable, without result files, and followed until it ends. The finder
 * answers "not found" once its gate opens (what the rows answer is not this test's matter).
 */
afterEach(() => cleanup());

function jobsWithGate() {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const jobs = new BatchJobs(tempDir('catastro-batch-dialog-'), async (query) => {
    await gate;
    throw notFound(`No parcel ${(query as { reference: string }).reference}.`);
  });
  const client = fakeClient({
    batchPreview: async ({ csv }) => jobs.preview(csv),
    batchStart: async ({ csv, name, columns }) => jobs.start({ csv, name, columns }),
    batchState: async ({ id }) => jobs.state(id),
    batchList: async () => jobs.list(),
    batchResume: async ({ id }) => jobs.resume(id),
    batchCancel: async ({ id }) => jobs.cancel(id),
  });
  return { jobs, client, open };
}

async function startFromDialog(client: CatastroClient, csv: string, beforeStart?: () => void) {
  render(
    <ClientContext.Provider value={client}>
      <BatchDialog onClose={() => undefined} />
    </ClientContext.Provider>,
  );
  // jsdom's File has no text(); the browser's has.
  const file = Object.assign(new File([csv], 'fincas.csv', { type: 'text/csv' }), { text: async () => csv });
  fireEvent.change(screen.getByTestId('batch-file'), { target: { files: [file] } });
  const start = await screen.findByTestId('batch-start');
  await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
  beforeStart?.();
  fireEvent.click(start);
  return screen.findByTestId('batch-run');
}

describe('the batch dialog', () => {
  it('shows a batch started while another runs as queued, then follows it to its end', async () => {
    const { jobs, client, open } = jobsWithGate();
    const first = await jobs.start({ csv: 'refcat\n9999999VK9999A\n' });
    expect(first.state).toBe('running');

    const run = await startFromDialog(client, 'refcat\n40146A00405051\n000700100UL74F\n');
    expect(run.dataset.state).toBe('queued');
    expect(within(run).getByTestId('batch-summary').textContent).toContain('queued (waits for the batch before it)');
    expect(within(run).getByTestId('batch-cancel')).toBeTruthy();
    expect(within(run).queryByTestId('batch-download-csv')).toBeNull();

    open();
    await waitFor(() => expect(run.dataset.state).toBe('done'), { timeout: 10_000 });
    expect(within(run).getByTestId('batch-summary').textContent).toContain('2 of 2 rows');
    expect(within(run).getByTestId('batch-download-csv')).toBeTruthy();
  });

  it('stops a queued batch before any of its rows is asked, and offers to resume it', async () => {
    const { jobs, client, open } = jobsWithGate();
    await jobs.start({ csv: 'refcat\n9999999VK9999A\n' });
    const run = await startFromDialog(client, 'refcat\n40146A00405051\n');
    expect(run.dataset.state).toBe('queued');
    fireEvent.click(within(run).getByTestId('batch-cancel'));
    await waitFor(() => expect(run.dataset.state).toBe('cancelled'));
    expect(within(run).getByTestId('batch-summary').textContent).toContain('0 of 1 rows');
    expect(within(run).getByTestId('batch-resume')).toBeTruthy();
    open();
  });

  it("recognises a farm spreadsheet's province, municipality, polígono and parcela columns and starts a batch asking by them", async () => {
    const asked: unknown[] = [];
    const jobs = new BatchJobs(tempDir('catastro-batch-dialog-'), async (query) => {
      asked.push(query);
      throw notFound('No parcel.');
    });
    const client = fakeClient({
      batchPreview: async ({ csv }) => jobs.preview(csv),
      batchStart: async ({ csv, name, columns }) => jobs.start({ csv, name, columns }),
      batchState: async ({ id }) => jobs.state(id),
      batchList: async () => jobs.list(),
    });
    const chosen = (kind: string) => (screen.getByTestId(`batch-column-${kind}`) as HTMLSelectElement).value;
    const run = await startFromDialog(client, 'Provincia;Municipio;Polígono;Parcela;Cultivo\n40;146;5;23;cereal\n', () => {
      expect(['provincia', 'municipio', 'poligono', 'parcela', 'reference'].map(chosen)).toEqual(['Provincia', 'Municipio', 'Polígono', 'Parcela', '']);
    });
    await waitFor(() => expect(run.dataset.state).toBe('done'), { timeout: 10_000 });
    expect(asked).toEqual([{ rustic: { provincia: '40', municipio: '146', poligono: '5', parcela: '23' } }]);
  });

  // Issue #40 item 4: reasons were the service's English after the raw code, typos and "needs a connection" all "failed".
  it("splits the rows found nothing for into fix-the-row and retry-when-online, each reason in the user's language with its code apart", async () => {
    const jobs = new BatchJobs(tempDir('catastro-batch-dialog-'), async (query) => {
      const { reference } = query as { reference: string };
      if (reference.startsWith('9999')) throw notFound(`No parcel ${reference}.`);
      throw unavailable('Catastro OVC is unreachable (getaddrinfo ENOTFOUND ovc.catastro.meh.es).');
    });
    const client = fakeClient({
      batchPreview: async ({ csv }) => jobs.preview(csv),
      batchStart: async ({ csv, name, columns }) => jobs.start({ csv, name, columns }),
      batchState: async ({ id }) => jobs.state(id),
      batchList: async () => jobs.list(),
    });
    await chooseLanguage('es');
    try {
      const run = await startFromDialog(client, 'refcat\n9999999VK9999A\n40146A00405051\n');
      await waitFor(() => expect(run.dataset.state).toMatch(/done|interrupted/), { timeout: 10_000 });
      const fix = await within(run).findByTestId('batch-problems-fix_row');
      expect(fix.querySelector('h4')?.textContent).toBe('Corregir la fila (1)');
      const fixRow = fix.querySelectorAll('tbody td');
      expect([...fixRow].map((td) => td.textContent)).toEqual([
        '1',
        'no encontrada',
        'NOT_FOUND',
        'Ninguna parcela tiene esta referencia o está en este punto.',
      ]);
      expect(fixRow[3].getAttribute('title')).toBe('No parcel 9999999VK9999A.');
      const retry = within(run).getByTestId('batch-problems-retry_online');
      expect(retry.querySelector('h4')?.textContent).toMatch(/^Reintentar con conexión \(1\)/);
      expect([...retry.querySelectorAll('tbody td')].map((td) => td.textContent)).toEqual([
        '2',
        'fallida',
        'SERVICE_UNAVAILABLE',
        'No se pudo consultar la fuente oficial (sin conexión, o no responde).',
      ]);
      expect(run.textContent).not.toMatch(/getaddrinfo/);
    } finally {
      await chooseLanguage('en');
    }
  });
});
