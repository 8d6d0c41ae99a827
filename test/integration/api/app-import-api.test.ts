import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer, type StartedServer } from '../../../core/api/server.js';
import type { ImportProgress, ImportResult } from '../../../core/model/index.js';
import type { CatastroService } from '../../../core/service.js';
import { sampleBuildingsGml, sampleParcelsGml, writeSegoviaZips } from '../../helpers/catastro-zips.js';
import { pickedFilesForm, startSessionApi, uploadFolders, type SessionApi } from '../../helpers/picked-files.js';

// Cadastre files picked in `catastro start`'s browser app: one multipart request, imported with
// progress as NDJSON; the real Segovia (40146) files, zipped as the Catastro publishes them.
const SESSION = 'another-session-token-for-this-test';
const PARCELS = sampleParcelsGml().toString('utf8').split('<cp:CadastralParcel ').length - 1;
const BUILDINGS = sampleBuildingsGml().toString('latin1').split('<bu-ext2d:Building ').length - 1;

let api: SessionApi;
let service: CatastroService;
let app: StartedServer;
let zips: { parcels: string; buildings: string };

beforeAll(async () => {
  api = await startSessionApi('app-import', SESSION);
  ({ service, app } = api);
  zips = await writeSegoviaZips(mkdtempSync(path.join(api.dir, 'zips-')));
}, 60_000);

afterAll(async () => {
  await api?.close();
});

const pick = pickedFilesForm;
const send = (body: BodyInit, session: string | null = SESSION) =>
  fetch(`${app.url}/api/app/imports`, { method: 'POST', body, headers: session ? { 'x-catastro-session': session } : {} });
const uploadsLeft = () => uploadFolders(service.dataDir);

describe('importing picked files from the browser app', () => {
  it('needs the session token', async () => {
    const response = await send(pick({ 'A.ES.SDGC.CP.40146.zip': readFileSync(zips.parcels) }), null);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(service.status().parcels).toBe(0);
  });

  it("refuses what it cannot read with the spec's 400, imports nothing and keeps no upload", async () => {
    const cases: [string, BodyInit, RegExp][] = [
      ['a JSON body', JSON.stringify({ file: 'x' }), /multipart\/form-data/],
      ['no file', new FormData(), /at least one file/],
      ["a name outside the import's files", pick({ '../../notes.txt': 'hello' }), /not a file the import reads/],
      [
        'a zip that is not one',
        pick({ 'A.ES.SDGC.CP.40146.zip': 'PK\u0003\u0004 this is not a zip' }),
        /^Import of A\.ES\.SDGC\.CP\.40146\.zip failed, nothing of it was kept: A\.ES\.SDGC\.CP\.40146\.zip is not a readable zip/,
      ],
      [
        'binary garbage named .gml',
        pick({ 'A.ES.SDGC.CP.40146.cadastralparcel.gml': Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)) }),
        /^A\.ES\.SDGC\.CP\.40146\.cadastralparcel\.gml is not an XML \(GML\) file: its first bytes are not those of a \.gml file/,
      ],
      [
        'XML that is no INSPIRE GML',
        pick({ 'A.ES.SDGC.CP.40146.cadastralparcel.gml': '<?xml version="1.0"?><kml><Document/></kml>' }),
        /is neither an INSPIRE parcels, buildings or addresses GML/,
      ],
      [
        'an external entity (XXE)',
        pick({
          'A.ES.SDGC.CP.40146.cadastralparcel.gml': sampleParcelsGml()
            .toString('utf8')
            .replace(/(<\?xml[^>]*\?>)/, '$1<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>')
            .replace('<cp:label>', '<cp:label>&xxe;'),
        }),
        /entity/i,
      ],
      [
        'UTM metres declared as degrees',
        pick({ 'A.ES.SDGC.CP.40146.cadastralparcel.gml': sampleParcelsGml().toString('utf8').replaceAll('EPSG/0/25830', 'EPSG/0/4326') }),
        /outside the world/,
      ],
    ];
    for (const [what, body, message] of cases) {
      const response = await send(body);
      expect(response.status, what).toBe(400);
      expect(await response.json(), what).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: expect.stringMatching(message) });
    }
    expect(service.status().parcels).toBe(0);
    expect(uploadsLeft()).toEqual([]);
  });

  it("imports the Catastro's parcels and buildings zips of a municipality, with progress, and removes the uploads", async () => {
    const response = await send(pick({ 'A.ES.SDGC.CP.40146.zip': readFileSync(zips.parcels), 'A.ES.SDGC.BU.40146.zip': readFileSync(zips.buildings) }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const lines = (await response.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { progress?: ImportProgress; success?: boolean; data?: ImportResult[] });
    const progress = lines.filter((line) => line.progress).map((line) => line.progress!);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.map((p) => p.file)).toContain('A.ES.SDGC.CP.40146.zip');
    const final = lines.at(-1)!;
    expect(final.success).toBe(true);
    const byKind = Object.fromEntries(final.data!.map((result) => [result.kind, result]));
    expect(byKind['inspire-parcels']).toMatchObject({ parcels: PARCELS, area: 'ES.40146', dataDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(byKind['inspire-buildings']).toMatchObject({ buildings: BUILDINGS });
    expect(final.data!.map((result) => result.file).sort()).toEqual(['A.ES.SDGC.BU.40146.zip', 'A.ES.SDGC.CP.40146.zip']);
    expect(service.status().parcels).toBe(PARCELS);
    expect((await service.parcel('000700100UL74F')).uso).toBe('Industrial');
    // Removed once the answer's last line is out.
    await expect.poll(uploadsLeft).toEqual([]);
  });
});

describe('pick folders a stopped server left', () => {
  it("are removed when the next server starts, once a day old; a recent one (another app's running pick) stays", async () => {
    const left = path.join(service.dataDir, 'uploads', 'left-by-a-killed-server');
    const recent = path.join(service.dataDir, 'uploads', 'another-apps-running-pick');
    for (const folder of [left, recent]) mkdirSync(folder, { recursive: true });
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600_000);
    utimesSync(left, twoDaysAgo, twoDaysAgo);
    const next = await startApiServer({ service, auth: 'off', appSession: SESSION });
    await next.close();
    expect(uploadsLeft()).toEqual(['another-apps-running-pick']);
    rmSync(recent, { recursive: true });
  });
});
