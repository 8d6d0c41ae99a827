import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FetchSource, PMTiles } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiServer } from '../../../core/api/server.js';
import { CatastroService } from '../../../core/service.js';
import { writePmtiles } from '../../helpers/pmtiles-writer.js';

let service: CatastroService;
let app: Awaited<ReturnType<typeof buildApiServer>>;
let url: string;
let dir: string;
let tile: Uint8Array;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-basemap-'));
  service = await CatastroService.open({ dataDir: dir });
  // A real vector tile of the bundled sample, archived as the test's PMTiles (none ships on npm).
  tile = (await service.parcelTileOfCopy(14, 7988, 6139))!;
  expect(tile).not.toBeNull();
  const file = path.join(dir, 'sample.pmtiles');
  writeFileSync(file, writePmtiles([{ z: 14, x: 7988, y: 6139, data: tile }], { vector_layers: [{ id: 'parcels' }], attribution: 'sample' }));
  app = await buildApiServer({ service, auth: 'keys', basemapFile: file });
  url = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await app?.close();
  service?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('GET /api/basemap.pmtiles (catastro serve --basemap FILE)', () => {
  it('serves byte ranges without a key, so the pmtiles library reads the archive over HTTP', async () => {
    const archive = new PMTiles(new FetchSource(`${url}/api/basemap.pmtiles`));
    expect((await archive.getHeader()).numTileEntries).toBe(1);
    expect(await archive.getMetadata()).toMatchObject({ attribution: 'sample' });
    const read = await archive.getZxy(14, 7988, 6139);
    expect(new Uint8Array(read!.data)).toEqual(tile);
    const partial = await fetch(`${url}/api/basemap.pmtiles`, { headers: { range: 'bytes=0-6' } });
    expect(partial.status).toBe(206);
    expect(await partial.text()).toBe('PMTiles');
    expect((await fetch(`${url}/api/basemap.pmtiles`, { headers: { range: 'bytes=99999999-' } })).status).toBe(416);
  });
});
