import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { SAMPLE_PARCEL, expect, search, test } from './support/app.js';

// Issue #40 item 4: what a user hands on (the PDF report, a batch's result) was English whatever
// the language the app is read in. The service writes each language (parcel-report,
// batch-result-outputs); this checks the app asks for the one it shows, from the button to the file.
test.describe.configure({ timeout: 120_000 });
test.use({ locale: 'es-ES' });

test('in a Spanish app the report button downloads the Spanish report, with Spanish numbers', async ({ app }) => {
  await search(app, SAMPLE_PARCEL.ref);
  await expect(app.getByTestId('parcel-ref')).toHaveText(SAMPLE_PARCEL.ref);
  const [download] = await Promise.all([app.waitForEvent('download'), app.getByTestId('report-pdf').click()]);
  const text = spawnSync('pdftotext', ['-layout', (await download.path())!, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' ');
  expect(text).toContain('INFORME DE PARCELA CATASTRAL');
  expect(text).toContain('Superficie de la parcela 1.086 m² (0,1086 ha)');
  expect(text).not.toContain('Parcel area');
});

test('in a Spanish app a pasted list of references comes back as a Spanish Excel opens it, the reasons in Spanish', async ({ app }) => {
  await app.getByTestId('batch-open').click();
  // One column: no separator to follow, so the user's language decides the spreadsheet style.
  const list = `referencia\n${SAMPLE_PARCEL.ref}\nXYZ\n`;
  await app.getByTestId('batch-file').setInputFiles({ name: 'lista.csv', mimeType: 'text/csv', buffer: Buffer.from(list) });
  await app.getByTestId('batch-start').click();
  await expect(app.getByTestId('batch-run')).toHaveAttribute('data-state', 'done');
  const [csv] = await Promise.all([app.waitForEvent('download'), app.getByTestId('batch-download-csv').click()]);
  const bytes = readFileSync((await csv.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = parse(bytes.toString('utf8').slice(1), { delimiter: ';', columns: true }) as Record<string, string>[];
  const byRef = new Map(rows.map((row) => [row.in_referencia, row]));
  expect(byRef.get(SAMPLE_PARCEL.ref)).toMatchObject({ status: 'found', rustico_poligono: '4', superficie_ha: '0,1086' });
  expect(byRef.get('XYZ')).toMatchObject({ next_step: 'fix_row', reason: 'La fila está mal formada: revise la referencia o las coordenadas.' });
});
