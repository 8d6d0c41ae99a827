// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import type { OfflineArea } from '../../../../core/model/index.js';
import { chooseLanguage } from '../../../../renderer/i18n/i18n.js';
import { OfflineAreasTable } from '../../../../renderer/offline/OfflineAreasTable.js';
import { SAMPLE_OFFLINE_AREA } from '../../../helpers/sample-offline-area.js';

// Issue #40: the "Downloaded" date was written in UTC. A user in Honolulu (UTC-10) who downloaded
// an area on the evening of 19 November read "20 November". The cadastre's own date is a day
// without a time: it must stay the file's day in any time zone (read as local midnight it would
// become the day before west of Greenwich).
const zoneBefore = process.env.TZ;
process.env.TZ = 'Pacific/Honolulu';
afterAll(async () => {
  process.env.TZ = zoneBefore;
  await chooseLanguage('en');
});

// 19:30 on 19 November in Honolulu.
const area: OfflineArea = { ...SAMPLE_OFFLINE_AREA, updatedAt: '2026-11-20T05:30:00.000Z' };

describe("the offline areas list dates in the user's time zone and language", () => {
  it.each([
    ['es', '19 nov 2026', '25 sept 2024'],
    ['en', 'Nov 19, 2026', 'Sep 25, 2024'],
    ['de', '19.11.2026', '25.09.2024'],
    ['fr', '19 nov. 2026', '25 sept. 2024'],
  ])('in %s: downloaded %s (local day), cadastre data of %s (the file day)', async (language, downloadedDay, dataDay) => {
    await chooseLanguage(language);
    render(<OfflineAreasTable areas={[area]} running={false} onUpdate={() => undefined} onRemove={() => undefined} />);
    const row = screen.getByTestId('offline-area-ES.40146');
    expect(within(row).getByTestId('offline-area-downloaded').textContent).toBe(downloadedDay);
    expect(within(row).getByTestId('offline-area-data-date').textContent).toBe(dataDay);
    cleanup();
  });
});
