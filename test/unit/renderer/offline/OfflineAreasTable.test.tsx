// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { OfflineArea } from '../../../../core/model/index.js';
import { chooseLanguage } from '../../../../renderer/i18n/i18n.js';
import { SHIPPED_LANGUAGES } from '../../../../renderer/i18n/resources.js';
import { formatDate } from '../../../../renderer/i18n/format.js';
import { OfflineAreasTable } from '../../../../renderer/offline/OfflineAreasTable.js';
import { SAMPLE_OFFLINE_AREA } from '../../../helpers/sample-offline-area.js';

afterEach(cleanup);
afterAll(() => chooseLanguage('en'));

const area = SAMPLE_OFFLINE_AREA;

// One "Data of" column showed the cadastre's date alone, and users took it for the day they downloaded the area.
describe('the offline areas list tells the cadastre date from the download date', () => {
  for (const language of SHIPPED_LANGUAGES) {
    it(`in ${language}: two columns, named apart, each with its own date`, async () => {
      await chooseLanguage(language);
      render(<OfflineAreasTable areas={[area]} running={false} onUpdate={() => undefined} onRemove={() => undefined} />);
      const headers = screen.getAllByRole('columnheader').map((th) => th.textContent ?? '');
      const row = screen.getByTestId('offline-area-ES.40146');
      const dataDate = within(row).getByTestId('offline-area-data-date');
      const downloaded = within(row).getByTestId('offline-area-downloaded');
      const cells = within(row).getAllByRole('cell');
      const dataHeader = headers[cells.indexOf(dataDate)];
      const downloadHeader = headers[cells.indexOf(downloaded)];
      expect(dataHeader).toMatch(/\S/);
      expect(downloadHeader).toMatch(/\S/);
      expect(dataHeader).not.toBe(downloadHeader);
      // Translated, not the key.
      expect([dataHeader, downloadHeader]).not.toContain('dataDate');
      expect([dataHeader, downloadHeader]).not.toContain('downloadedAt');
      expect(dataDate.textContent).toBe(formatDate('2024-09-25'));
      expect(downloaded.textContent).toBe(formatDate('2026-11-20T10:30:00.000Z'));
    });
  }
});

// Issue #40 item 5: the French commune was missing from the list, then listed as "91216 (91216)".
it('lists an imported French commune by its name and INSEE code', async () => {
  await chooseLanguage('fr');
  // As the copy lists the real Etalab file of Épinay-sur-Orge once imported (run-import-moves-map.test.ts).
  const commune: OfflineArea = {
    ...area,
    id: 'FR.91216',
    country: 'FR',
    code: '91216',
    name: 'Épinay-sur-Orge',
    province: undefined,
    source: 'epinay.json.gz',
    dataDate: '2022-01-01',
    parcels: 4241,
  };
  render(<OfflineAreasTable areas={[commune]} running={false} onUpdate={() => undefined} onRemove={() => undefined} />);
  const [name] = within(screen.getByTestId('offline-area-FR.91216')).getAllByRole('cell');
  expect(name.textContent).toMatch(/^Épinay-sur-Orge \(91216\)/);
});
