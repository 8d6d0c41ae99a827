import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseParcelsAnswer } from '../../../core/countries/es/wfs-answer.js';
import { startTestApi, type TestApi } from '../../helpers/api-harness.js';
import { startEuropeApi, type EuropeApi } from '../../helpers/europe-api.js';
import { fixture } from '../../helpers/paths.js';
import { tempDir } from '../../helpers/temp-dir.js';

/** The Madrid finca the fake Catastro serves live; its GetNeighbourParcel answer is a real recording. */
const LIVE_FINCA = '9398516VK3799G';
const dir = tempDir('catastro-report-nb-');

function pdfText(bytes: Buffer, name: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  const run = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.replace(/\s+/g, ' ');
}

describe('report of a parcel read live (the copy holds nothing around it)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ auth: 'off' });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('draws the neighbours the Catastro WFS answers to GetNeighbourParcel, the parcel itself left out', async () => {
    const recorded = parseParcelsAnswer(readFileSync(fixture('es_catastro_wfs-neighbour-9398516VK3799G.xml'), 'utf8'), {
      ref: LIVE_FINCA,
      dataDate: '2026-07-27',
    })
      .map((p) => p.ref)
      .filter((ref) => ref !== LIVE_FINCA);
    expect(recorded).toHaveLength(4);
    const response = await api.app.inject({ method: 'GET', url: `/api/catastro/${LIVE_FINCA}/report.pdf` });
    expect(response.statusCode).toBe(200);
    expect(api.fake.requests.some((url) => /STOREDQUERIE_ID=GetNeighbourParcel&REFCAT=9398516VK3799G/i.test(url))).toBe(true);
    const text = pdfText(response.rawPayload, 'live.pdf');
    const labelled = recorded.filter((ref) => text.includes(ref));
    expect(labelled.length, `neighbours labelled on the map: ${labelled.join(', ')}`).toBeGreaterThanOrEqual(2);
    expect(text).not.toContain('Neighbouring parcels not drawn');
  });

  it('still prints the report when the neighbour query fails, saying why the map has no neighbours', async () => {
    // The finca is in the copy now (cached by the first report); its neighbours are not.
    api.fake.setFault({ kind: 'status', status: 503, times: 20 });
    try {
      const response = await api.app.inject({ method: 'GET', url: `/api/catastro/${LIVE_FINCA}/report.pdf` });
      expect(response.statusCode).toBe(200);
      const text = pdfText(response.rawPayload, 'failed.pdf');
      expect(text).toContain(LIVE_FINCA);
      // A plain note for the client who reads the report; the upstream's words are for logs.
      expect(text).toContain('Neighbouring parcels not drawn: the cadastre could not be asked.');
      expect(text).not.toMatch(/INSPIRE WFS|retry later/);
    } finally {
      api.fake.setFault({ kind: 'none' });
    }
  });
});

describe('report of a parcel named in another script than Western Latin', () => {
  let europe: EuropeApi;
  beforeAll(async () => {
    europe = await startEuropeApi();
  });
  afterAll(async () => {
    await europe?.close();
  });

  it('prints Polish letters as written (the bundled DejaVu font, not WinAnsi Helvetica)', async () => {
    const ref = '141201_1.0001.6509';
    const parcel = await europe.service.parcel(ref);
    expect(parcel.municipio).toMatch(/ń/);
    const response = await europe.app.inject({ method: 'GET', url: `/api/catastro/${encodeURIComponent(ref)}/report.pdf` });
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload, 'pl.pdf');
    expect(text).toContain(ref);
    expect(text).toContain(parcel.municipio);
    expect(text).toContain(parcel.provincia);
    // The font is embedded (a subset), so every reader shows the same glyphs.
    const fonts = spawnSync('pdffonts', [path.join(dir, 'pl.pdf')], { encoding: 'utf8' }).stdout;
    expect(fonts).toMatch(/DejaVuSansCondensed\s/);
    expect(fonts).not.toMatch(/Helvetica/);
  });
});
