import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { booleanPointInPolygon } from '@turf/turf';
import * as shapefile from 'shapefile';
import { fromWgs84, toWgs84 } from '../../core/geo/crs.js';
import { fixture } from '../helpers/paths.js';
import { InjectedFaults } from './injected-faults.js';

/**
 * A stand-in for SIGPAC's consultation service on 127.0.0.1, at its real path
 * `/servicioconsultassigpac/query/recinfobypoint/{srid}/{x}/{y}.json` (srid 4258, 4326 or 25830;
 * x = longitude/easting, y = latitude/northing), fed by REAL data: the Andalusian SIGPAC
 * recintos shapefile of municipality 41-086 (`analysis/es_sigpac_andalucia_sp22_REC_41086`,
 * 49 enclosures, EPSG:25830).
 *
 * No recording of a recinfobypoint answer exists (fixtures/README.md), so the ANSWER SHAPE is the
 * documented one (SOURCES.md 13.2): a JSON array of the enclosures containing the point, each with
 * `provincia, municipio, agregado, zona, poligono, parcela, recinto, superficie (ha),
 * pendiente_media, coef_regadio, admisibilidad, incidencias, uso_sigpac, region, wkt, srid`.
 * Field mapping from the shapefile: CD_PROV → provincia, CD_MUN → municipio, CD_POL → poligono,
 * CD_PARCELA → parcela, CD_RECINTO → recinto, NU_AREA (m²) / 10 000 → superficie, PDTE_MEDIA →
 * pendiente_media, COEF_REG → coef_regadio, PC_PASTOS → admisibilidad, INCIDENCIA → incidencias
 * (as a list), CD_USO → uso_sigpac, REGION → region; agregado and zona are not in the download
 * and are 0, the value of the documented sample reference `4:79:0:0:22:75:1`. A point outside
 * every enclosure answers `[]`. `failNext(status)` simulates an outage.
 */
export const SIGPAC_SHAPEFILE = fixture('analysis/es_sigpac_andalucia_sp22_REC_41086/sp22_REC_41086.shp');

export interface RecintoFeature {
  properties: Record<string, string | number | null>;
  /** Rings in EPSG:25830. */
  rings: number[][][];
}

export async function loadRecintos(): Promise<RecintoFeature[]> {
  const collection = await shapefile.read(SIGPAC_SHAPEFILE, SIGPAC_SHAPEFILE.replace(/\.shp$/, '.dbf'), { encoding: 'utf-8' });
  return collection.features.map((f) => ({
    properties: f.properties as RecintoFeature['properties'],
    rings: (f.geometry as GeoJSON.Polygon).coordinates,
  }));
}

export interface FakeSigpac {
  baseUrl: string;
  recintos: RecintoFeature[];
  requests: string[];
  failNext(status: number, times?: number): void;
  close(): Promise<void>;
}

export async function startFakeSigpac(): Promise<FakeSigpac> {
  const recintos = await loadRecintos();
  const requests: string[] = [];
  const faults = new InjectedFaults();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url.pathname);
    if (faults.answered(res)) return;
    const match = /^\/servicioconsultassigpac\/query\/recinfobypoint\/(\d+)\/(-?[\d.]+)\/(-?[\d.]+)\.json$/.exec(url.pathname);
    const srid = match ? Number(match[1]) : 0;
    if (!match || ![4258, 4326, 25830].includes(srid)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const [x, y] = [Number(match[2]), Number(match[3])];
    const point = srid === 25830 ? [x, y] : fromWgs84(25830, x, y);
    const project = (p: number[]) => (srid === 25830 ? p : toWgs84(25830, p[0], p[1]));
    const answer = recintos
      .filter((r) => booleanPointInPolygon(point, { type: 'Polygon', coordinates: r.rings }))
      .map(({ properties: p, rings }) => ({
        provincia: p.CD_PROV,
        municipio: p.CD_MUN,
        agregado: 0,
        zona: 0,
        poligono: p.CD_POL,
        parcela: p.CD_PARCELA,
        recinto: p.CD_RECINTO,
        superficie: Number(p.NU_AREA) / 10_000,
        pendiente_media: p.PDTE_MEDIA,
        coef_regadio: p.COEF_REG,
        admisibilidad: p.PC_PASTOS,
        incidencias: p.INCIDENCIA ? String(p.INCIDENCIA).split(',') : [],
        uso_sigpac: p.CD_USO,
        region: p.REGION,
        wkt: `POLYGON(${rings.map((ring) => `(${ring.map((c) => project(c).join(' ')).join(',')})`).join(',')})`,
        srid,
      }));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/servicioconsultassigpac/query/`,
    recintos,
    requests,
    failNext: (status, times) => faults.failNext(status, times),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
