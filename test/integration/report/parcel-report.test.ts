import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi, keyMadeByCommand } from '../../helpers/api-harness.js';
import { repoRoot } from '../../helpers/paths.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { embeddedCopy } from '../../helpers/embedded-copy.js';

/** A Segovia sample parcel (bundled copy, neighbours around it) and the Madrid finca the fake Catastro serves live with its 18 units. */
const SAMPLE = '000700100UL74F';
const LIVE_FINCA = '9398516VK3799G';
/** A rustic sample parcel (polígono 4, parcela 5051; 1,086 m²) with no building. */
const RUSTIC = '40146A00405051';

let api: TestApi;
let key: string;
let dir: string;
beforeAll(async () => {
  api = await startTestApi({ auth: 'keys' });
  key = await keyMadeByCommand(api.dataDir);
  dir = tempDir('catastro-report-');
});
afterAll(async () => {
  await api?.close();
});

const get = (url: string) => api.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });

/** The PDF's text as poppler reads it (layout kept), and its page count. */
function readPdf(bytes: Buffer, name: string): { text: string; pages: number } {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  const text = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text.status, text.stderr).toBe(0);
  const info = spawnSync('pdfinfo', [file], { encoding: 'utf8' });
  expect(info.stdout).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
  return { text: text.stdout, pages: Number(/Pages:\s+(\d+)/.exec(info.stdout)![1]) };
}

describe('GET /api/catastro/{ref}/report.pdf', () => {
  it('is one A4 page with every field of the answer with units, the outline, neighbours on the map, scale, north, source, attribution and viewer link; costs one unit', async () => {
    const parcel = (await get(`/api/catastro/${SAMPLE}`)).json().data;
    const before = Number((await get('/api/catastro/BAD')).headers['x-quota-remaining']);
    const response = await get(`/api/catastro/${SAMPLE}/report.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(Number(response.headers['x-quota-remaining'])).toBe(before - 1);
    const { text, pages } = readPdf(response.rawPayload, 'sample.pdf');
    expect(pages).toBe(1);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(SAMPLE);
    expect(flat).toContain(`Parcel area ${parcel.superficieParcela} m²`);
    expect(flat).toContain(`Built area ${parcel.superficieConstruida} m²`);
    expect(flat).toContain(`Latitude (centroid) ${parcel.latitud.toFixed(7)} ° WGS84`);
    for (const value of [parcel.municipio, parcel.provincia, parcel.uso, parcel.clase, String(parcel.anioConstruccion), parcel.dataDate]) {
      expect(flat, value).toContain(value);
    }
    // The outline's vertices, in order, as printed coordinates.
    const [lon, lat] = parcel.poligono[1];
    expect(flat).toContain(`2 ${lon.toFixed(7)} ${lat.toFixed(7)}`);
    // The count is of distinct vertices: the closed ring's repeated first one is not a vertex of its own.
    const distinct = new Set(parcel.poligono.map(([x, y]: number[]) => `${x},${y}`)).size;
    expect(parcel.poligono.length).toBe(distinct + 1);
    expect(flat).toContain(`Outline (WGS84, lon / lat), vertices: ${distinct}`);
    expect(flat).toContain(`${distinct} ${parcel.poligono[distinct - 1][0].toFixed(7)}`);
    expect(flat).not.toContain(`${distinct + 1} ${parcel.poligono[0][0].toFixed(7)}`);
    // Map furniture and a neighbour's reference drawn from the copy.
    expect(flat).toMatch(/Scale 1:[\d,]+ \(A4\)/);
    expect(flat).toMatch(/\d+ m\b/);
    expect(text).toMatch(/^\s+N\s*$/m);
    const neighbours = embeddedCopy(api.service)
      .parcelsInBBox([parcel.longitud - 0.002, parcel.latitud - 0.002, parcel.longitud + 0.002, parcel.latitud + 0.002], 50)
      .map((p) => p.ref)
      .filter((ref) => ref !== SAMPLE);
    expect(
      neighbours.some((ref) => flat.includes(ref)),
      'a neighbour labelled',
    ).toBe(true);
    // Source, data date, mandatory attribution and the official viewer.
    expect(flat).toContain(`Data date ${parcel.dataDate} · Source: local copy of the national cadastre`);
    expect(flat).toContain('Data source local copy of the national cadastre');
    expect(flat).not.toMatch(/\bclone\b/);
    expect(flat).toContain('© Dirección General del Catastro');
    expect(flat).toContain(`https://www1.sedecatastro.gob.es/Cartografia/mapa.aspx?refcat=${SAMPLE}`);
  });

  it('summarises the units of a Spanish finca by use (read live here) and the hazard analyses at hand', async () => {
    const units = await api.service.units(LIVE_FINCA);
    const { text, pages } = readPdf((await get(`/api/catastro/${LIVE_FINCA}/report.pdf`)).rawPayload, 'finca.pdf');
    expect(pages).toBe(1);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Units of the finca');
    expect(flat).toContain(`Units ${units.totalUnidadesFinca || units.totalUnidades} (`);
    const byUse = new Map<string, number>();
    units.unidades.forEach((u) => byUse.set(u.uso, (byUse.get(u.uso) ?? 0) + 1));
    for (const [uso, count] of byUse) expect(flat).toContain(`${uso} ${count} ×`);
    expect(flat).toContain('Hazards and analyses (already computed)');
    expect(flat).toMatch(/Protected areas (no layer imported|none overlapping|inside|overlaps)/);
  });

  it('writes a rustic parcel in the language asked: polígono, parcela and hectares, no units section, the right ground-motion note', async () => {
    const parcel = (await get(`/api/catastro/${RUSTIC}`)).json().data;
    const hectares = (parcel.superficieParcela / 10_000).toLocaleString('es', { minimumFractionDigits: 4, maximumFractionDigits: 4 });
    const response = await get(`/api/catastro/${RUSTIC}/report.pdf?lang=es-ES`);
    expect(response.statusCode).toBe(200);
    const { text, pages } = readPdf(response.rawPayload, 'rustic-es.pdf');
    expect(pages).toBe(1);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('INFORME DE PARCELA CATASTRAL');
    expect(flat).toContain(`Polígono / parcela polígono ${Number(RUSTIC.slice(6, 9))}, parcela ${Number(RUSTIC.slice(9))}`);
    // 1086 m² in Spanish is 1.086 m² (0,1086 ha): decimal comma, grouped thousands.
    expect(flat).toContain(`Superficie de la parcela 1.086 m² (${hectares} ha)`);
    expect(hectares).toBe('0,1086');
    expect(flat).toContain('Origen de los datos copia local del catastro nacional');
    expect(flat).toMatch(/Escala 1:[\d.]+ \(A4\)/);
    // Farmland with no building: no units to summarise, and no upstream error in their place.
    expect(flat).not.toMatch(/Units|Inmuebles|Catastro OVC/);
    // No EGMS layer is imported in this copy: that is what the report says, not "no reflector here".
    expect(flat).toContain('no hay capa de movimiento del suelo cargada para esta zona');
    expect(flat).not.toMatch(/reflector/i);
    for (const english of ['Parcel area', 'Data source', 'Scale 1:', 'Generated']) expect(flat).not.toContain(english);
  });

  it("is written in each of the eight languages, with that language's numbers", async () => {
    const expected: Record<string, string[]> = {
      de: ['Flurstücksfläche 1.086 m² (0,1086 ha)', 'Maßstab 1:1.000'],
      en: ['Parcel area 1,086 m² (0.1086 ha)', 'Scale 1:1,000'],
      es: ['Superficie de la parcela 1.086 m² (0,1086 ha)', 'Escala 1:1.000'],
      fr: ['Surface de la parcelle 1 086 m² (0,1086 ha)', 'Échelle 1:1 000'],
      it: ['Superficie della particella 1.086 m² (0,1086 ha)', 'Scala 1:1.000'],
      nl: ['Perceeloppervlakte 1.086 m² (0,1086 ha)', 'Schaal 1:1.000'],
      pl: ['Powierzchnia działki 1 086 m² (0,1086 ha)', 'Skala 1:1 000'],
      pt: ['Área do prédio 1.086 m² (0,1086 ha)', 'Escala 1:1.000'],
    };
    for (const [language, phrases] of Object.entries(expected)) {
      const response = await get(`/api/catastro/${RUSTIC}/report.pdf?lang=${language}`);
      expect(response.statusCode, language).toBe(200);
      // Narrow and ordinary no-break spaces (fr, pl) read as spaces.
      const flat = readPdf(response.rawPayload, `rustic-${language}.pdf`).text.replace(/[\s\u00a0\u202f]+/g, ' ');
      for (const phrase of phrases) expect(flat, language).toContain(phrase);
    }
  });

  it('prints what the local copy knows and a plain note when the units list cannot be asked, never the upstream error', async () => {
    api.fake.setFault({ kind: 'status', status: 503 });
    try {
      const building = await api.service.copyBuilding(SAMPLE);
      const response = await get(`/api/catastro/${SAMPLE}/report.pdf`);
      expect(response.statusCode).toBe(200);
      const flat = readPdf(response.rawPayload, 'units-offline.pdf').text.replace(/\s+/g, ' ');
      expect(flat).toContain('Units of the finca');
      expect(flat).toContain('The list of units comes from the Catastro, which could not be asked (no connection).');
      expect(flat).toContain(`The local copy knows: Use: ${building.uso}`);
      expect(flat).toContain(`Building units declared: ${building.unidades}`);
      expect(flat).not.toMatch(/OVC|retry later|Units not available|…/);
    } finally {
      api.fake.setFault({ kind: 'none' });
    }
  });

  it("refuses a language it does not write with the spec's 400, free", async () => {
    const before = Number((await get('/api/catastro/BAD')).headers['x-quota-remaining']);
    const response = await get(`/api/catastro/${RUSTIC}/report.pdf?lang=tlh`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(response.json().error).toContain('de, en, es, fr, it, nl, pl, pt');
    expect(Number((await get('/api/catastro/BAD')).headers['x-quota-remaining'])).toBe(before);
  });

  it('answers the spec errors in the JSON envelope: 400 for a malformed reference, 404 for an unknown one, both free', async () => {
    const bad = await get('/api/catastro/XYZ/report.pdf');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    const unknown = await get('/api/catastro/9999999VK9999A/report.pdf');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});

describe('catastro report REF -o FILE.pdf', () => {
  it('writes the same one-page report from the command line, and exits 1 with the code for an unknown reference', () => {
    const data = tempDir('catastro-report-cli-');
    const output = path.join(data, 'report.pdf');
    const run = spawnSync(process.execPath, ['bin/catastro.js', 'report', SAMPLE, '-o', output, '--data', data], { cwd: repoRoot, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(output);
    const text = spawnSync('pdftotext', [output, '-'], { encoding: 'utf8' }).stdout;
    expect(text).toContain(SAMPLE);
    const spanish = spawnSync(process.execPath, ['bin/catastro.js', 'report', RUSTIC, '-o', output, '--data', data, '--lang', 'es'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(spanish.status, spanish.stderr).toBe(0);
    expect(spawnSync('pdftotext', [output, '-'], { encoding: 'utf8' }).stdout).toContain('INFORME DE PARCELA CATASTRAL');
    const unknownLanguage = spawnSync(process.execPath, ['bin/catastro.js', 'report', RUSTIC, '-o', output, '--data', data, '--lang', 'tlh'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(unknownLanguage.status).not.toBe(0);
    expect(unknownLanguage.stderr).toContain('de, en, es, fr, it, nl, pl, pt');
    const bad = spawnSync(process.execPath, ['bin/catastro.js', 'report', 'XYZ', '-o', output, '--data', data], { cwd: repoRoot, encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('VALIDATION_ERROR');
  }, 60_000);
});
