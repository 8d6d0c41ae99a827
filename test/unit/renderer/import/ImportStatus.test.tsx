// @vitest-environment jsdom
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { formatNumber } from '../../../../renderer/i18n/format.js';
import { i18next } from '../../../../renderer/i18n/i18n.js';
import { ImportStatus } from '../../../../renderer/import/ImportStatus.js';
import { useAppStore } from '../../../../renderer/state/store.js';
import { importFiles } from '../../../../core/countries/import-formats.js';
import { ParcelStore } from '../../../../core/store/parcel-store.js';
import { fixture } from '../../../helpers/paths.js';
import { tempDir } from '../../../helpers/temp-dir.js';

const initial = useAppStore.getState();
afterEach(async () => {
  cleanup();
  useAppStore.setState(initial, true);
  await i18next.changeLanguage('en');
});

// The summary's parcels are records read: the real parcels file with its first parcel written three
// times gives two more than the copy holds. "Imported 1 file: 1,445 parcels" claimed parcels the copy has not.
it('the end of an import says the counts are records read, not parcels the copy gained', async () => {
  const gml = gunzipSync(readFileSync(fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz'))).toString('utf8');
  const member = gml.slice(gml.indexOf('<member>'), gml.indexOf('</member>') + '</member>'.length);
  const file = path.join(tempDir('catastro-import-status-'), 'A.ES.SDGC.CP.40146.cadastralparcel.gml');
  writeFileSync(file, gml.replace(member, member.repeat(3)));
  const store = ParcelStore.open(':memory:');
  const results = await importFiles(store, [file]);
  const held = store.countParcels();
  store.close();
  expect(results[0].parcels).toBe(held + 2);

  useAppStore.getState().setImport({ status: 'done', results, progress: null });
  const { rerender } = render(<ImportStatus />);
  expect(screen.getByTestId('import-status').textContent).toContain(
    `Imported 1 file; records read: ${(held + 2).toLocaleString('en')} parcels, 0 buildings, 0 units.`,
  );
  await i18next.changeLanguage('es');
  rerender(<ImportStatus />);
  expect(screen.getByTestId('import-status').textContent).toContain(`Importado 1 fichero; registros leídos: ${formatNumber(held + 2)} parcelas`);
});
