import { booleanPointInPolygon } from '@turf/turf';
import proj4 from 'proj4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisService } from '../../../core/analysis/analysis-service.js';
import { AnalysisTables } from '../../../core/store/analysis-tables.js';
import { openDatabase } from '../../../core/store/db.js';
import { SIGPAC_USES } from '../../../core/analysis/agro/sigpac-uses.js';
import { UpstreamClient } from '../../../core/upstream/upstream-client.js';
import { startFakeSigpac, type FakeSigpac, type RecintoFeature } from '../../fake-upstream/sigpac.js';
import { squareParcel } from './parcels.js';
import { chargedUnits } from '../../helpers/charged-units.js';

// ETRS89 / UTM 30N as the EPSG registry defines it.
const utm30 = proj4('+proj=utm +zone=30 +ellps=GRS80 +units=m +no_defs', 'EPSG:4326');

/** Planar distance from a point to a segment (metres, UTM). */
function segmentDistance([px, py]: number[], [ax, ay]: number[], [bx, by]: number[]): number {
  const [dx, dy] = [bx - ax, by - ay];
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** The point of a 25 × 25 grid over the recinto that lies inside it farthest from its boundary (never on an edge). */
function deepestPoint(rings: number[][][]): number[] {
  const xs = rings[0].map((p) => p[0]);
  const ys = rings[0].map((p) => p[1]);
  let best = rings[0][0];
  let bestDistance = -1;
  for (let i = 0; i < 25; i++)
    for (let j = 0; j < 25; j++) {
      const point = [
        Math.min(...xs) + ((i + 0.5) / 25) * (Math.max(...xs) - Math.min(...xs)),
        Math.min(...ys) + ((j + 0.5) / 25) * (Math.max(...ys) - Math.min(...ys)),
      ];
      if (!booleanPointInPolygon(point, { type: 'Polygon', coordinates: rings })) continue;
      const distance = Math.min(...rings.flatMap((ring) => ring.slice(1).map((b, k) => segmentDistance(point, ring[k], b))));
      if (distance > bestDistance) {
        bestDistance = distance;
        best = point;
      }
    }
  return best;
}

/** A rustic parcel (reference with a letter in 6th place: polígono/parcela form) whose point lies inside a recinto. */
function ruralParcelIn(recinto: RecintoFeature) {
  const [x, y] = deepestPoint(recinto.rings);
  // Rounded to the 7 decimals (1 cm) a request carries, so the test's own point test sees the same point.
  const [lon, lat] = utm30.forward([x, y]).map((v) => Math.round(v * 1e7) / 1e7);
  return squareParcel(lon, lat, 'ES', { refCatastral: '41086A00200002', clase: undefined }, 0.0001);
}

describe('AnalysisService.agro against the fake SIGPAC fed by the real Andalusian recintos', () => {
  let sigpac: FakeSigpac;
  let service: AnalysisService;
  beforeAll(async () => {
    sigpac = await startFakeSigpac();
    service = new AnalysisService({
      tables: new AnalysisTables(openDatabase(':memory:')),
      http: new UpstreamClient({ retries: 0 }),
      config: { sigpacBaseUrl: sigpac.baseUrl },
    });
  });
  afterAll(() => sigpac.close());

  it('the first recinto of the file (read with a separate DBF reader: 41/86/2/2/3, PS, 4133.58 m², slope 2.9 %, COEF_REG 0)', async () => {
    const first = sigpac.recintos[0];
    expect(first.properties.ID_RECINTO).toBe(1485457638);
    const { agro } = await service.agro(ruralParcelIn(first));
    expect(agro).toMatchObject({
      cultivo_principal: 'pastos',
      uso_suelo: 'Pastizal',
      superficie_ha: 0.413358,
      coef_regadio: 0,
      recinto: { provincia: 41, municipio: 86, poligono: 2, parcela: 2, recinto: 3, pendiente_media: 2.9 },
    });
    // Only the spec's Agro fields; ndvi and precios_mercado have no reachable real source.
    expect(Object.keys(agro!).sort()).toEqual(['coef_regadio', 'cultivo_principal', 'recinto', 'superficie_ha', 'uso_suelo']);
    expect(sigpac.requests.at(-1)).toMatch(/\/recinfobypoint\/4258\/-?\d+\.\d{7}\/\d+\.\d{7}\.json$/);
  });

  it('every recinto: a point deep inside it returns that recinto, labelled from the code table', async () => {
    for (const recinto of sigpac.recintos) {
      const parcel = ruralParcelIn(recinto);
      const point = utm30.inverse([parcel.longitud, parcel.latitud]);
      const hits = sigpac.recintos.filter((r) => booleanPointInPolygon(point, { type: 'Polygon', coordinates: r.rings }));
      expect(hits).toEqual([recinto]);
      const expected = recinto;
      const { agro } = await service.agro(parcel);
      const p = expected.properties;
      expect(agro!.recinto).toMatchObject({ poligono: p.CD_POL, parcela: p.CD_PARCELA, recinto: p.CD_RECINTO });
      expect(agro!.uso_suelo).toBe(SIGPAC_USES[String(p.CD_USO)].uso);
    }
  });

  it('urban parcel: cultivo_principal urbano, SIGPAC not asked', async () => {
    const before = sigpac.requests.length;
    const { agro } = await service.agro(squareParcel(-3.7, 40.4, 'ES', { clase: 'Urbano', superficieParcela: 500 }));
    expect(agro).toMatchObject({ cultivo_principal: 'urbano', superficie_ha: 0.05 });
    expect(chargedUnits('agro', { agro })).toBe(1);
    expect(sigpac.requests.length).toBe(before);
  });

  it('rural parcel where no recinto lies: agro null (free answer)', async () => {
    const answer = await service.agro(squareParcel(-3.7, 40.4, 'ES', { clase: 'Rústico' }));
    expect(answer).toEqual({ agro: null });
    expect(chargedUnits('agro', answer)).toBe(0); // spec Limits: an empty /agro is free
  });

  it('SIGPAC down → 503; outside coverage → 422', async () => {
    sigpac.failNext(503, 3);
    await expect(service.agro(ruralParcelIn(sigpac.recintos[0]))).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    sigpac.failNext(0, 0);
    await expect(service.agro(squareParcel(5.1, 52.1, 'NL', { clase: 'Rústico' }))).rejects.toMatchObject({ code: 'CNV_COVERAGE' });
  });
});
