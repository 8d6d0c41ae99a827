import http from 'node:http';
import { InjectedFaults, type Fault } from './injected-faults.js';
import type { AddressInfo } from 'node:net';
import { foldText, loadHumanesPortals, type HumanesPortal } from './cartociudad.js';

/**
 * A stand-in for the Catastro street directory (OVCCallejero.asmx: ConsultaProvincia,
 * ConsultaMunicipio, ConsultaVia, ConsultaNumero) built from the REAL CartoCiudad portal index
 * of Humanes de Madrid: real street names, numbers and 14-character references.
 *
 * SHAPED FROM DOCUMENTATION, NOT RECORDINGS: no OVC callejero answer is recorded in the fixtures.
 * Element names follow SOURCES.md §1.4 (`control` counters cuprov/cumun/cuca/cunum/cuerr;
 * `provinciero/prov{cpine,np}`, `municipiero/muni{nm,loine{cp,cm}}`,
 * `callejero/calle{loine,dir{cv,tv,nv}}`, `numerero/nump{pc{pc1,pc2},num{pnp}}`,
 * `lerr/err{cod,des}`), roots `consulta_<list>` in the namespace http://www.catastro.meh.es/
 * (the JSON variant wraps them as `consulta_municipieroResult` etc.). Choices where the
 * documentation is silent: street codes `cv` are CartoCiudad's (third group of `obj_id`), names
 * are written as CartoCiudad writes them (with accents), the only documented error code (12,
 * "LA PROVINCIA NO EXISTE") answers an unknown province, an unknown municipality or street is an
 * empty list, and an absent number answers the nearest numbers of the street.
 *
 * Municipalities carry the Catastro's codes beside INE's, `muni{nm, locat{cd,cmc}, loine{cp,cm}}`,
 * the shape alejndr0/go-catastro reads (catastro/struct.go `ObtenerMunicipiosResponse`) and a
 * Serenity test of the real service asserts for Vigo (core/countries/es/address/callejero.ts).
 * ConsultaMunicipio with an empty `Municipio` lists the whole province (SOURCES.md §1.2: "partial/
 * empty allowed"). WRITTEN BY HAND, besides Humanes (whose Catastro code is written as its INE
 * code, illustrative): province SEGOVIA (40) with MELQUE DE CERCOS under the Catastro code 146 of
 * the real 40146 download (test/fixtures, whose metadata names it) and the INE code 40125, three
 * municipalities named NAVAS DE … for a name that fits several, and CUESTA (LA), a name the
 * Catastro writes with its article after it; every INE code and the NAVAS' and CUESTA's Catastro
 * codes are illustrative, not checked against INE's register.
 */
const NS = 'http://www.catastro.meh.es/';

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Catastro writes the two-letter type code; the index writes the full word. */
const TYPE_CODES: Record<string, string> = { CALLE: 'CL', AVENIDA: 'AV', CAMINO: 'CM', PLAZA: 'PZ', TRAVESIA: 'TR' };

function document(root: string, control: string, body: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<${root} xmlns="${NS}"><control>${control}</control>${body}</${root}>`;
}

function provinceError(root: string): string {
  return document(root, '<cuerr>1</cuerr>', '<lerr><err><cod>12</cod><des>LA PROVINCIA NO EXISTE</des></err></lerr>');
}

interface Street {
  code: string;
  type: string;
  name: string;
  portals: HumanesPortal[];
}

interface FakeMunicipality {
  name: string;
  catastro: string;
  ine: string;
}
interface FakeProvince {
  code: string;
  name: string;
  municipalities: FakeMunicipality[];
}

/** Hand-written (see the header): Segovia's municipalities the rustic lookup's tests name. */
export const SEGOVIA: FakeProvince = {
  code: '40',
  name: 'SEGOVIA',
  municipalities: [
    { name: 'MELQUE DE CERCOS', catastro: '146', ine: '125' },
    { name: 'NAVAS DE ORO', catastro: '150', ine: '155' },
    { name: 'NAVAS DE RIOFRIO', catastro: '151', ine: '156' },
    { name: 'NAVAS DE SAN ANTONIO', catastro: '152', ine: '157' },
    { name: 'CUESTA (LA)', catastro: '065', ine: '062' },
  ],
};

const muniXml = (province: FakeProvince, m: FakeMunicipality) =>
  `<muni><nm>${xml(m.name)}</nm><locat><cd>${province.code}</cd><cmc>${m.catastro}</cmc></locat><loine><cp>${province.code}</cp><cm>${m.ine}</cm></loine></muni>`;

export type CallejeroMode = 'ok' | 'down';

export interface FakeCallejero {
  /** Base to configure as the OVCCallejero.asmx base URL. */
  url: string;
  requests: string[];
  streets: Street[];
  /** Shorthand for `setFault`: down = 503. */
  setMode(mode: CallejeroMode): void;
  setFault(fault: Fault): void;
  close(): Promise<void>;
}

export async function startFakeCallejero(): Promise<FakeCallejero> {
  const portals = loadHumanesPortals().filter((p) => p.ref && p.numero !== null);
  const province = { code: portals[0].ineProv, name: foldText(portals[0].province) };
  const municipality = { name: portals[0].municipality.toUpperCase(), ine: portals[0].ineMun.slice(2) };
  const byStreet = new Map<string, Street>();
  for (const p of portals) {
    const key = `${p.tipoVia}|${p.street}`;
    const street = byStreet.get(key) ?? { code: p.streetCode, type: TYPE_CODES[p.tipoVia] ?? p.tipoVia.slice(0, 2), name: p.street, portals: [] };
    street.portals.push(p);
    byStreet.set(key, street);
  }
  const streets = [...byStreet.values()];
  const requests: string[] = [];
  const faults = new InjectedFaults();

  const provinces: FakeProvince[] = [
    { ...province, municipalities: [{ name: municipality.name, catastro: municipality.ine, ine: municipality.ine }] },
    SEGOVIA,
  ];
  const loine = `<loine><cp>${province.code}</cp><cm>${municipality.ine}</cm></loine>`;
  const provinceOk = (value: string | null) => foldText(value ?? '') === province.name;
  const municipalityOk = (value: string | null) => foldText(value ?? '') === foldText(municipality.name);

  function answer(op: string, params: URLSearchParams): string | undefined {
    switch (op) {
      case 'ConsultaProvincia': {
        const listed = provinces.map((p) => `<prov><cpine>${p.code}</cpine><np>${xml(p.name)}</np></prov>`).join('');
        return document('consulta_provinciero', `<cuprov>${provinces.length}</cuprov>`, `<provinciero>${listed}</provinciero>`);
      }
      case 'ConsultaMunicipio': {
        const asked = provinces.find((p) => foldText(p.name) === foldText(params.get('Provincia') ?? ''));
        if (!asked) return provinceError('consulta_municipiero');
        const wanted = foldText(params.get('Municipio') ?? '');
        const hits = asked.municipalities.filter((m) => foldText(m.name).includes(wanted));
        return document(
          'consulta_municipiero',
          `<cumun>${hits.length}</cumun>`,
          hits.length ? `<municipiero>${hits.map((m) => muniXml(asked, m)).join('')}</municipiero>` : '',
        );
      }
      case 'ConsultaVia': {
        if (!provinceOk(params.get('Provincia'))) return provinceError('consulta_callejero');
        const type = (params.get('TipoVia') ?? '').toUpperCase();
        const name = foldText(params.get('NombreVia') ?? '');
        const found = municipalityOk(params.get('Municipio')) ? streets.filter((s) => (!type || s.type === type) && foldText(s.name).includes(name)) : [];
        const calles = found.map((s) => `<calle>${loine}<dir><cv>${s.code}</cv><tv>${s.type}</tv><nv>${xml(s.name)}</nv></dir></calle>`).join('');
        return document('consulta_callejero', `<cuca>${found.length}</cuca>`, found.length ? `<callejero>${calles}</callejero>` : '');
      }
      case 'ConsultaNumero': {
        if (!provinceOk(params.get('Provincia'))) return provinceError('consulta_numerero');
        const street = municipalityOk(params.get('Municipio'))
          ? streets.find((s) => s.type === (params.get('TipoVia') ?? '').toUpperCase() && foldText(s.name) === foldText(params.get('NomVia') ?? ''))
          : undefined;
        const number = Number(params.get('Numero'));
        let hits = street?.portals.filter((p) => p.numero === number) ?? [];
        if (street && hits.length === 0) {
          hits = [...street.portals].sort((a, b) => Math.abs(a.numero! - number) - Math.abs(b.numero! - number)).slice(0, 3);
        }
        const seen = new Set<string>();
        const nump = hits
          .filter((p) => !seen.has(p.ref!) && seen.add(p.ref!))
          .map((p) => `<nump><pc><pc1>${p.ref!.slice(0, 7)}</pc1><pc2>${p.ref!.slice(7, 14)}</pc2></pc><num><pnp>${p.numero}</pnp></num></nump>`)
          .join('');
        return document('consulta_numerero', `<cunum>${seen.size}</cunum>`, seen.size ? `<numerero>${nump}</numerero>` : '');
      }
      default:
        return undefined;
    }
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url.pathname + url.search);
    const op = url.pathname.split('/').pop() ?? '';
    const body = url.pathname.startsWith('/ovcservweb/OVCSWLocalizacionRC/OVCCallejero.asmx/') ? answer(op, url.searchParams) : undefined;
    faults.send(
      req,
      res,
      body === undefined
        ? { status: 404, type: 'text/plain', body: Buffer.from('') }
        : { status: 200, type: 'text/xml; charset=utf-8', body: Buffer.from(body) },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/ovcservweb/OVCSWLocalizacionRC/OVCCallejero.asmx`,
    requests,
    streets,
    setMode: (m) => faults.setFault(m === 'down' ? { kind: 'status', status: 503 } : { kind: 'none' }),
    setFault: (fault) => faults.setFault(fault),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
