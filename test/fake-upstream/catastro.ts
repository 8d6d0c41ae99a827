import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fromWgs84 } from '../../core/geo/crs.js';
import { fixture } from '../helpers/paths.js';

/**
 * A stand-in for the Spanish Catastro's live services on 127.0.0.1, speaking their real paths
 * and parameters and replaying the recorded answers in test/fixtures byte for byte:
 *
 * - OVC JSON `…/OVCWcfCallejero/COVCCallejero.svc/json/Consulta_DNPRC?Provincia=&Municipio=&RefCat=`
 *   → the recorded 18-property answer for 9398516VK3799G; without `RefCat` the recorded error
 *   17 (that recording was made by sending `RC=` instead).
 * - OVC JSON `…/COVCCoordenadas.svc/json/Consulta_RCCOOR?SRS=&CoorX=&CoorY=` → the recorded
 *   answer for the recorded point (EPSG:25830 439242.88 4479664.51, also asked in EPSG:4326 or
 *   within a metre of it); any other point or SRS → the recorded error 16.
 * - INSPIRE `…/INSPIRE/wfsCP.aspx?service=wfs&version=2&request=storedqueries&STOREDQUERIE_ID=GetParcel&REFCAT=`
 *   → the recorded GetParcel answers (9398516VK3799G, 8429105VK1882N, 6362209CF9666S); any other
 *   reference → the recorded ExceptionReport (its text names 0000000XX0000X: replayed as is).
 *   GetNeighbourParcel of 9398516VK3799G replays its recording too.
 *
 * One answer is NOT a recording: Consulta_DNPRC for a reference without a recording. No real
 * "does not exist" answer was recorded, so it is the recorded error shape (`cuerr`, `lerr[{cod,
 * des}]`, HTTP 200) carrying code 5, "NO EXISTE NINGUN INMUEBLE CON LOS PARAMETROS INDICADOS",
 * the text third-party documentation reports for that case.
 *
 * Faults (`setFault`, the vocabulary of injected-faults.ts shared by every fake) apply to the next `times` requests: `slow` waits `delayMs` before the real
 * answer, `status` answers that HTTP status, `cut` sends the headers and half the body then
 * destroys the socket, `malformed` sends the recorded body cut in half (invalid JSON/XML) with 200.
 */

import { InjectedFaults, type Fault } from './injected-faults.js';

export type { Fault, FaultKind } from './injected-faults.js';

export interface FakeCatastro {
  url: string;
  close(): Promise<void>;
  setFault(fault: Fault): void;
  requests: string[];
}

const OVC_PATH = '/OVCServWeb/OVCWcfCallejero';
const DNPRC_PATH = `${OVC_PATH}/COVCCallejero.svc/json/Consulta_DNPRC`;
const RCCOOR_PATH = `${OVC_PATH}/COVCCoordenadas.svc/json/Consulta_RCCOOR`;
const WFS_PATH = '/INSPIRE/wfsCP.aspx';

const JSON_TYPE = 'application/json; charset=utf-8';
const XML_TYPE = 'text/xml';

const load = (name: string) => readFileSync(fixture(name));

const RECORDED = {
  dnprc: { '9398516VK3799G': load('es_catastro_ovc-dnprc-urbana-9398516VK3799G.json') } as Record<string, Buffer>,
  dnprcMissingRef: load('es_catastro_ovc-dnprc-cod17.json'),
  rccoorOk: load('es_catastro_ovc-rccoor-ok.json'),
  rccoorNone: load('es_catastro_ovc-rccoor-cod16.json'),
  getParcel: {
    '9398516VK3799G': load('es_catastro_wfs_getparcel_9398516VK3799G.gml'),
    '8429105VK1882N': load('es_catastro_wfs_getparcel_8429105VK1882N.gml'),
    '6362209CF9666S': load('es_catastro_wfs_getparcel_6362209CF9666S_25831.gml'),
  } as Record<string, Buffer>,
  neighbours: { '9398516VK3799G': load('es_catastro_wfs-neighbour-9398516VK3799G.xml') } as Record<string, Buffer>,
  wfsException: load('es_catastro_wfs-exceptionreport-rc-inexistente.xml'),
};

/** Documented, not recorded (see the header comment). */
const DNPRC_NOT_FOUND = Buffer.from(
  '{"consulta_dnprcResult":{"control":{"cuerr":1},"lerr":[{"cod":"5","des":"NO EXISTE NINGUN INMUEBLE CON LOS PARAMETROS INDICADOS"}]}}',
  'utf8',
);

/** The point of the recorded Consulta_RCCOOR request (EPSG:25830). */
export const RECORDED_RCCOOR_POINT = { srs: 'EPSG:25830', x: 439242.88, y: 4479664.51 };

interface Answer { status: number; type: string; body: Buffer }

/** Query parameters by lower-case name: the WFS treats names case-insensitively. */
function parameters(url: URL): Map<string, string> {
  const map = new Map<string, string>();
  for (const [name, value] of url.searchParams) map.set(name.toLowerCase(), value);
  return map;
}

function nearRecordedPoint(srs: string, x: number, y: number): boolean {
  if (!Number.isFinite(x) || !Number.isFinite(y)) return false;
  let easting = x, northing = y;
  const code = srs.toUpperCase().replace(/\s+/g, '');
  if (code === 'EPSG:4326') [easting, northing] = fromWgs84(25830, x, y);
  else if (code !== RECORDED_RCCOOR_POINT.srs) return false;
  return Math.hypot(easting - RECORDED_RCCOOR_POINT.x, northing - RECORDED_RCCOOR_POINT.y) <= 1;
}

function route(url: URL): Answer {
  const params = parameters(url);
  if (url.pathname === DNPRC_PATH) {
    const ref = (params.get('refcat') ?? '').trim().toUpperCase();
    if (ref === '') return { status: 200, type: JSON_TYPE, body: RECORDED.dnprcMissingRef };
    return { status: 200, type: JSON_TYPE, body: RECORDED.dnprc[ref] ?? DNPRC_NOT_FOUND };
  }
  if (url.pathname === RCCOOR_PATH) {
    const ok = nearRecordedPoint(params.get('srs') ?? '', Number(params.get('coorx')), Number(params.get('coory')));
    return { status: 200, type: JSON_TYPE, body: ok ? RECORDED.rccoorOk : RECORDED.rccoorNone };
  }
  if (url.pathname === WFS_PATH) {
    const query = (params.get('storedquerie_id') ?? params.get('storedquery_id') ?? '').toLowerCase();
    const ref = (params.get('refcat') ?? '').trim().toUpperCase();
    const recorded = query === 'getparcel' ? RECORDED.getParcel[ref]
      : query === 'getneighbourparcel' ? RECORDED.neighbours[ref] : undefined;
    return { status: 200, type: XML_TYPE, body: recorded ?? RECORDED.wfsException };
  }
  return { status: 404, type: 'text/plain', body: Buffer.alloc(0) };
}

export async function startFakeCatastro(options: { fault?: Fault } = {}): Promise<FakeCatastro> {
  const requests: string[] = [];
  const faults = new InjectedFaults();

  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    faults.send(req, res, route(new URL(req.url ?? '/', 'http://fake.invalid')));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const setFault = (next: Fault) => faults.setFault(next);
  if (options.fault) setFault(options.fault);
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setFault,
    close: () => new Promise<void>((resolve) => {
      faults.clear();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
