import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { FetchSource, PMTiles, TileType, type Source } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiServer } from '../../../core/api/server.js';
import { CatastroService } from '../../../core/service.js';
import { fixture } from '../../helpers/paths.js';

// The PMTiles project's own test archive (tippecanoe output), byte for byte: a real file the
// server did not write, read back over HTTP by the library the renderer uses.
const REAL_ARCHIVE = fixture('basemap/protomaps-test_fixture_1.pmtiles');

let service: CatastroService;
let app: Awaited<ReturnType<typeof buildApiServer>>;
let url: string;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-basemap-real-'));
  service = await CatastroService.open({ dataDir: dir });
  app = await buildApiServer({ service, auth: 'keys', basemapFile: REAL_ARCHIVE });
  url = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await app?.close();
  service?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('catastro serve --basemap with a real PMTiles archive (protomaps test fixture)', () => {
  it('is read over HTTP exactly as from the file: header, metadata and the zoom-0 vector tile', async () => {
    const bytes = readFileSync(REAL_ARCHIVE);
    const local: Source = {
      getKey: () => 'file',
      getBytes: async (offset, length) => ({ data: bytes.buffer.slice(bytes.byteOffset + offset, bytes.byteOffset + offset + length) as ArrayBuffer }),
    };
    const served = new PMTiles(new FetchSource(`${url}/api/basemap.pmtiles`));
    const header = await served.getHeader();
    expect(header.tileType).toBe(TileType.Mvt);
    expect([header.minZoom, header.maxZoom]).toEqual([0, 0]);
    expect(header).toMatchObject(await new PMTiles(local).getHeader());
    const metadata = (await served.getMetadata()) as { generator?: string; vector_layers?: { id: string }[] };
    expect(metadata.generator).toMatch(/^tippecanoe/);
    expect(metadata.vector_layers?.map((layer) => layer.id)).toEqual(['test_fixture_1pmtiles']);
    const tile = await served.getZxy(0, 0, 0);
    expect(new Uint8Array(tile!.data)).toEqual(new Uint8Array((await new PMTiles(local).getZxy(0, 0, 0))!.data));
    // The library hands the tile decompressed: an MVT protobuf naming its layer.
    expect(() => gunzipSync(new Uint8Array(tile!.data))).toThrow();
    expect(Buffer.from(tile!.data).includes(Buffer.from('test_fixture_1pmtiles'))).toBe(true);
    expect(await served.getZxy(1, 0, 0)).toBeUndefined();
  });
});
