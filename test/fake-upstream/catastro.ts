import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { fromWgs84 } from '../../core/geo/crs.js';
import { loadCountryFixture, type FakeRoute } from './countries/fake-server.js';

/**
 * A stand-in for the Spanish Catastro's live services on 127.0.0.1, speaking their real paths
 * and parameters and replaying the recorded answers byte for byte (those only Spain's tests read in
 * core/countries/es/test/recordings, the others in test/fixtures):
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
 * Two answers are cut or written by hand for the lookup by polígono and parcela, of which no
 * answer was recorded:
 * - `…/COVCCallejeroCodigos.svc/json/Consulta_DNPPP_Codigos?CodigoProvincia=40&CodigoMunicipio=146&Poligono=5&Parcela=23`
 *   → WRITTEN BY HAND (`DNPPP_ANSWER`): the single-property `bico` document of the recorded
 *   Consulta_DNPRC answer (es_catastro_ovc_xml_Consulta_DNPRC_6344205CF7664S0001GP_from_test.xml),
 *   as JSON under the root SOURCES.md 1.4 gives Consulta_DNPPP (`consulta_dnpppResult`), with the
 *   rustic fields of SOURCES.md 1.4 (`cn` RU, `lors/lorus/cpp`) for 40146A00500023, a parcel of
 *   the real Segovia 40146 download; its control letters are computed, and use and surface are
 *   illustrative. Any other polígono/parcela → the code-5 "does not exist" answer below.
 * - GetParcel of a 40146 parcel without a WFS recording → its `<member>` cut from the real ATOM
 *   download test/fixtures/A.ES.SDGC.CP.40146.cadastralparcel.gml.gz (the same FeatureCollection
 *   schema as the WFS answers), in that file's own FeatureCollection element.
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
const DNPPP_PATH = `${OVC_PATH}/COVCCallejeroCodigos.svc/json/Consulta_DNPPP_Codigos`;
const WFS_PATH = '/INSPIRE/wfsCP.aspx';

const JSON_TYPE = 'application/json; charset=utf-8';
const XML_TYPE = 'text/xml';

/** A recording by name, in Spain's folder (core/countries/es/test/recordings) or at test/fixtures' root. */
const load = loadCountryFixture;

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
const DNPPP_NOT_FOUND = Buffer.from(
  '{"consulta_dnpppResult":{"control":{"cuerr":1},"lerr":[{"cod":"5","des":"NO EXISTE NINGUN INMUEBLE CON LOS PARAMETROS INDICADOS"}]}}',
  'utf8',
);
const DNPRC_NOT_FOUND = Buffer.from(
  '{"consulta_dnprcResult":{"control":{"cuerr":1},"lerr":[{"cod":"5","des":"NO EXISTE NINGUN INMUEBLE CON LOS PARAMETROS INDICADOS"}]}}',
  'utf8',
);

/** Written by hand (see the header comment): province, municipality, polígono, parcela it answers, and the answer. */
export const DNPPP_ASKED = { provincia: '40', municipio: '146', poligono: 5, parcela: 23, ref14: '40146A00500023' };
const DNPPP_ANSWER = Buffer.from(
  JSON.stringify({
    consulta_dnpppResult: {
      control: { cudnp: 1, cucons: 0, cucul: 0 },
      bico: {
        bi: {
          idbi: { cn: 'RU', rc: { pc1: '40146A0', pc2: '0500023', car: '0000', cc1: 'P', cc2: 'Z' } },
          dt: { loine: { cp: '40' }, cmc: '146', np: 'SEGOVIA', nm: 'MELQUE DE CERCOS', locs: { lors: { lorus: { cpp: { cpo: '5', cpa: '23' } } } } },
          ldt: 'Polígono 5 Parcela 23 MELQUE DE CERCOS (SEGOVIA)',
          debi: { luso: 'Agrario', sfc: '0' },
        },
      },
    },
  }),
  'utf8',
);

/** The real ATOM download of municipality 40146: GetParcel answers for its parcels are cut from it. */
const SEGOVIA_ATOM = gunzipSync(load('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz')).toString('utf8');

/** One parcel of the 40146 download as a one-member FeatureCollection, or undefined. */
function segoviaGetParcel(ref: string): Buffer | undefined {
  const start = SEGOVIA_ATOM.indexOf(`<cp:CadastralParcel gml:id="ES.SDGC.CP.${ref}"`);
  if (!/^40146[A-ZÑ]\d{8}$/.test(ref) || start < 0) return undefined;
  const memberStart = SEGOVIA_ATOM.lastIndexOf('<member>', start);
  const memberEnd = SEGOVIA_ATOM.indexOf('</member>', start) + '</member>'.length;
  const collectionStart = SEGOVIA_ATOM.indexOf('<FeatureCollection');
  const head = SEGOVIA_ATOM.slice(0, SEGOVIA_ATOM.indexOf('>', collectionStart) + 1)
    .replace(/numberMatched="\d+"/, 'numberMatched="1"')
    .replace(/numberReturned="\d+"/, 'numberReturned="1"');
  return Buffer.from(`${head}\n  ${SEGOVIA_ATOM.slice(memberStart, memberEnd)}\n</FeatureCollection>\n`, 'utf8');
}

/** The point of the recorded Consulta_RCCOOR request (EPSG:25830). */
export const RECORDED_RCCOOR_POINT = { srs: 'EPSG:25830', x: 439242.88, y: 4479664.51 };

interface Answer {
  status: number;
  type: string;
  body: Buffer;
}

/** Query parameters by lower-case name: the WFS treats names case-insensitively. */
function parameters(url: URL): Map<string, string> {
  const map = new Map<string, string>();
  for (const [name, value] of url.searchParams) map.set(name.toLowerCase(), value);
  return map;
}

function nearRecordedPoint(srs: string, x: number, y: number): boolean {
  if (!Number.isFinite(x) || !Number.isFinite(y)) return false;
  let easting = x,
    northing = y;
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
  if (url.pathname === DNPPP_PATH) {
    const asked = ['codigoprovincia', 'codigomunicipio', 'poligono', 'parcela'].map((name) => params.get(name) ?? '');
    const answered = [DNPPP_ASKED.provincia, DNPPP_ASKED.municipio, String(DNPPP_ASKED.poligono), String(DNPPP_ASKED.parcela)];
    const same = asked.every((value, i) => value !== '' && Number(value) === Number(answered[i]));
    return { status: 200, type: JSON_TYPE, body: same ? DNPPP_ANSWER : DNPPP_NOT_FOUND };
  }
  if (url.pathname === RCCOOR_PATH) {
    const ok = nearRecordedPoint(params.get('srs') ?? '', Number(params.get('coorx')), Number(params.get('coory')));
    return { status: 200, type: JSON_TYPE, body: ok ? RECORDED.rccoorOk : RECORDED.rccoorNone };
  }
  if (url.pathname === WFS_PATH) {
    const query = (params.get('storedquerie_id') ?? params.get('storedquery_id') ?? '').toLowerCase();
    const ref = (params.get('refcat') ?? '').trim().toUpperCase();
    const recorded =
      query === 'getparcel' ? (RECORDED.getParcel[ref] ?? segoviaGetParcel(ref)) : query === 'getneighbourparcel' ? RECORDED.neighbours[ref] : undefined;
    return { status: 200, type: XML_TYPE, body: recorded ?? RECORDED.wfsException };
  }
  return { status: 404, type: 'text/plain', body: Buffer.alloc(0) };
}

const PLAYED_PATHS = new Set([DNPRC_PATH, RCCOOR_PATH, DNPPP_PATH, WFS_PATH]);

/** The same answers as one route of a shared fake server (Spain's golden tests, core/countries/es/test/fake.ts). */
export const catastroRoute: FakeRoute = (url) => (PLAYED_PATHS.has(url.pathname) ? route(url) : undefined);

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
    close: () =>
      new Promise<void>((resolve) => {
        faults.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
