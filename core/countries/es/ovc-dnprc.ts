import { notFound } from '../../model/index.js';
import type { StoredFinca, StoredUnit } from '../../model/records.js';
import { interiorLine, rusticLine, streetLine } from './address-line.js';
import { asList, asNode, asText, ovcErrors, ovcNumber, ovcRefusal, ovcRoot, type OvcNode } from './ovc-answer.js';

/** What one Consulta_DNPRC answer says about a finca and its properties (bienes inmuebles). */
export interface DnprcAnswer {
  ref14: string;
  /** `control.cudnp`: properties matched. Queried with a 14-character reference, the finca's count. */
  declaredProperties: number;
  /** Properties in the answer, ordered by reference. */
  units: StoredUnit[];
  finca: StoredFinca;
  /** Class from `idbi.cn` (only single-property answers carry it): Urbano, Rústico or Especial. */
  clase?: string;
}

const CLASS_NAMES: Record<string, string> = { UR: 'Urbano', RU: 'Rústico', BI: 'Especial' };

export const DNPRC_SOURCE = 'Catastro OVC (Consulta_DNPRC)';

/**
 * The operations answering a `consulta_dnp` document (SOURCES.md 1.4): by reference, and by
 * polígono/parcela (Consulta_DNPPP, the same document under its own JSON root). One parser reads both.
 */
const DNP_OPERATIONS = {
  dnprc: { root: 'consulta_dnprcResult', source: DNPRC_SOURCE },
  dnppp: { root: 'consulta_dnpppResult', source: 'Catastro OVC (Consulta_DNPPP)' },
} as const;
export type DnpOperation = keyof typeof DNP_OPERATIONS;

interface Property {
  unit: StoredUnit;
  postcode: string;
  municipality: string;
  province: string;
  street: string;
  classCode: string;
}

function readProperty(node: OvcNode, options: { dataDate: string }): Property | undefined {
  // A single answer nests `bico.bi.idbi.rc` (+ `bico.lcons`); a list item carries `rc` itself.
  const bi = node.bi !== undefined ? asNode(node.bi) : node;
  const rc = asNode(asNode(bi.idbi).rc ?? bi.rc);
  const ref = ['pc1', 'pc2', 'car', 'cc1', 'cc2'].map((k) => asText(rc[k])).join('');
  if (ref.length !== 20) return undefined;

  const dt = asNode(bi.dt);
  const locs = asNode(dt.locs);
  const lourb = asNode(asNode(locs.lous).lourb);
  const lorus = asNode(asNode(locs.lors).lorus);
  const rusticOnly = Object.keys(lourb).length === 0 && Object.keys(lorus).length > 0;
  const loint = asNode(lourb.loint);
  const street = rusticOnly ? rusticLine(lorus) : streetLine(lourb);
  const interior = interiorLine(loint);
  const debi = asNode(bi.debi);
  const uso = asText(debi.luso);
  const constructions = asList(asNode(node.lcons).cons)
    .map((c) => {
      const surface = ovcNumber(asNode(c.dfcons).stl);
      return `${asText(c.lcd)}${Number.isFinite(surface) ? ` ${surface} m²` : ''}`;
    })
    .filter((text) => text.trim() !== '');
  const orZero = (n: number) => (Number.isFinite(n) ? n : 0);

  return {
    unit: {
      ref,
      finca: ref.slice(0, 14),
      escalera: asText(loint.es),
      planta: asText(loint.pt),
      puerta: asText(loint.pu),
      uso,
      superficie: orZero(ovcNumber(debi.sfc)),
      descripcion: constructions.length > 0 ? constructions.join(', ') : [uso, interior].filter(Boolean).join(' '),
      participacion: orZero(ovcNumber(debi.cpt)),
      anio: orZero(ovcNumber(debi.ant)),
      direccion: [street, interior].filter(Boolean).join(' '),
      source: 'live',
      dataDate: options.dataDate,
    },
    postcode: asText(lourb.dp),
    municipality: asText(dt.nm),
    province: asText(dt.np),
    street,
    classCode: asText(asNode(bi.idbi).cn),
  };
}

/** The use covering the most built surface: a block of flats over a garage is Residencial. */
function dominantUse(units: StoredUnit[]): string {
  const surfaceByUse = new Map<string, number>();
  for (const u of units) if (u.uso) surfaceByUse.set(u.uso, (surfaceByUse.get(u.uso) ?? 0) + u.superficie);
  let best = '';
  let bestSurface = -1;
  for (const [use, surface] of surfaceByUse)
    if (surface > bestSurface) {
      best = use;
      bestSurface = surface;
    }
  return best;
}

/**
 * Parses a Consulta_DNPRC answer: one property under `bico.bi` or several under
 * `lrcdnp.rcdnp[]` (JSON, or the XML form with the same element names). Refusals (`cuerr`,
 * `lerr`, HTTP 200) become 404/400; an unreadable body becomes 503.
 */
export function parseDnprc(body: string, options: { ref: string; dataDate: string; operation?: DnpOperation; subject?: string }): DnprcAnswer {
  const subject = options.subject ?? `Reference ${options.ref}`;
  const operation = DNP_OPERATIONS[options.operation ?? 'dnprc'];
  const root = ovcRoot(body, [operation.root, 'consulta_dnp'], operation.source);
  const errors = ovcErrors(root);
  if (errors.length > 0) throw ovcRefusal(errors, subject);

  const bico = asNode(root.bico);
  const nodes = Object.keys(bico).length > 0 ? [bico] : asList(asNode(root.lrcdnp).rcdnp);
  const properties = nodes
    .map((node) => readProperty(node, options))
    .filter((p): p is Property => p !== undefined)
    .sort((a, b) => (a.unit.ref < b.unit.ref ? -1 : a.unit.ref > b.unit.ref ? 1 : 0));
  if (properties.length === 0) throw notFound(`${subject} was not found; the Catastro lists no property for it.`);

  const units = properties.map((p) => p.unit);
  const first = properties[0];
  const declared = ovcNumber(asNode(root.control).cudnp);
  const years = units.map((u) => u.anio).filter((y) => y > 0);
  const ref14 = first.unit.finca;
  return {
    ref14,
    declaredProperties: Number.isFinite(declared) ? declared : units.length,
    units,
    clase: CLASS_NAMES[first.classCode],
    finca: {
      ref: ref14,
      direccion: first.street,
      codigoPostal: first.postcode,
      municipio: first.municipality,
      provincia: first.province,
      usoGeneral: dominantUse(units),
      superficieTotal: units.reduce((sum, u) => sum + u.superficie, 0),
      anioConstruccion: years.length > 0 ? Math.min(...years) : 0,
      declaredUnits: Number.isFinite(declared) ? declared : units.length,
      source: 'live',
      dataDate: options.dataDate,
    },
  };
}
