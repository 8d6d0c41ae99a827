import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../../core/api/server.js';
import type { HazardLayerProgress, HazardLayerResult, PickedLayerFiles } from '../../../core/model/index.js';
import { pickedFilesForm, startSessionApi, uploadFolders, type SessionApi } from '../../helpers/picked-files.js';
import { ZEC, ZEPA } from '../analysis/madrid-layers.js';

// Hazard layers picked in `catastro start`'s browser app: uploaded (kept under an id, with the
// first file's fields for the mapping form), then imported by that id. Real Madrid Natura 2000 layers.
const SESSION = 'a-third-session-token-for-layers';
const ZEC_MAPPING = { code: 'CD_ZEC_COD', name: 'DS_ZEC_NAM', designation: 'ZEC (test: Natura 2000 layer loaded as a national register)' };

let api: SessionApi;
let dir: string;
let app: StartedServer;

beforeAll(async () => {
  api = await startSessionApi('app-layers', SESSION);
  ({ dir, app } = api);
}, 60_000);

afterAll(async () => {
  await api?.close();
});

const form = pickedFilesForm;
const post = (route: string, body: BodyInit, json = false) =>
  fetch(`${app.url}${route}`, {
    method: 'POST',
    body,
    headers: { 'x-catastro-session': SESSION, ...(json ? { 'content-type': 'application/json' } : {}) },
  });
const lines = async (response: Response) =>
  (await response.text())
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { progress?: HazardLayerProgress; success?: boolean; data?: HazardLayerResult[]; code?: string; error?: string });
const uploads = () => uploadFolders(dir);

describe('hazard layers from the browser app', () => {
  it('a national layer: pick (its fields for the mapping form), a wrong mapping refused with the pick kept, the right one imported', async () => {
    const pick = await post('/api/app/layer-picks?kind=designated-areas', form({ [path.basename(ZEC)]: readFileSync(ZEC) }));
    expect(pick.status).toBe(200);
    const picked = (await pick.json()).data as PickedLayerFiles;
    expect(picked).toMatchObject({ kind: 'designated-areas', files: [path.basename(ZEC)], fields: expect.arrayContaining(['CD_ZEC_COD', 'DS_ZEC_NAM']) });
    expect(uploads()).toEqual([picked.selection]);

    const wrong = await post(
      '/api/app/layer-imports',
      JSON.stringify({ selection: picked.selection, mapping: { ...ZEC_MAPPING, code: 'NO_SUCH_FIELD' }, country: 'es' }),
      true,
    );
    const refused = wrong.status === 200 ? (await lines(wrong)).at(-1)! : await wrong.json();
    expect(refused).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: expect.stringContaining('NO_SUCH_FIELD') });
    expect(refused.error).not.toContain(dir);
    expect(uploads()).toEqual([picked.selection]);

    const right = await post('/api/app/layer-imports', JSON.stringify({ selection: picked.selection, mapping: ZEC_MAPPING, country: 'es' }), true);
    expect(right.status).toBe(200);
    const answer = await lines(right);
    expect(answer.at(-1)).toEqual({ success: true, data: [{ file: path.basename(ZEC), kind: 'designated-areas', count: 7 }] });
    expect(answer.some((line) => line.progress?.file === path.basename(ZEC))).toBe(true);
    expect(uploads()).toEqual([]);

    const again = await post('/api/app/layer-imports', JSON.stringify({ selection: picked.selection, mapping: ZEC_MAPPING }), true);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: expect.stringMatching(/no longer picked/) });
  });

  it('protected areas import at once; what a kind does not read is refused and nothing is kept', async () => {
    const wrongKind = await post('/api/app/layer-picks?kind=ground-motion', form({ [path.basename(ZEPA)]: readFileSync(ZEPA) }));
    expect(wrongKind.status).toBe(400);
    expect(await wrongKind.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: expect.stringContaining('.zip') });
    const noKind = await post('/api/app/layer-picks?kind=lava', form({ [path.basename(ZEPA)]: readFileSync(ZEPA) }));
    expect(noKind.status).toBe(400);
    const onlySidecar = await post('/api/app/layer-picks?kind=protected-areas', form({ 'zepa.dbf': '\u0003x' }));
    expect(await onlySidecar.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: expect.stringMatching(/\.shp is missing/) });
    expect(uploads()).toEqual([]);

    const pick = (await (await post('/api/app/layer-picks?kind=protected-areas', form({ [path.basename(ZEPA)]: readFileSync(ZEPA) }))).json())
      .data as PickedLayerFiles;
    expect(pick.fields).toEqual([]);
    const answer = await lines(await post('/api/app/layer-imports', JSON.stringify({ selection: pick.selection }), true));
    expect(answer.at(-1)).toMatchObject({ success: true, data: [{ kind: 'protected-areas', count: expect.any(Number) }] });
    expect(answer.at(-1)!.data![0].count).toBeGreaterThan(0);
    expect(uploads()).toEqual([]);
  });

  it("a failed import names its files as picked, never by the data folder's path (message and data alike)", async () => {
    const broken = 'zonas-rotas.geojson';
    const pick = (
      await (
        await post(
          '/api/app/layer-picks?kind=protected-areas',
          form({
            [path.basename(ZEPA)]: readFileSync(ZEPA),
            [broken]: '{"type": "FeatureCollection", "features": [',
          }),
        )
      ).json()
    ).data as PickedLayerFiles;
    expect(pick.files).toEqual([path.basename(ZEPA), broken]);
    const refused = (await lines(await post('/api/app/layer-imports', JSON.stringify({ selection: pick.selection }), true))).at(-1)! as {
      data?: { file?: string; imported?: HazardLayerResult[] };
    };
    expect(refused).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: expect.stringContaining(broken) });
    expect(refused.data?.file).toBe(broken);
    expect(refused.data?.imported?.map((result) => result.file)).toEqual([path.basename(ZEPA)]);
    expect(JSON.stringify(refused)).not.toContain(dir);
  });
});
