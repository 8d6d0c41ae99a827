import type { LonLat } from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';
import type { AdapterContext, SourceCheck } from '../adapter.js';
import { jsonObject } from '../national/answer-fields.js';
import { GeoJsonParcelSource, numberOf, textOf, type FeatureProperties } from '../national/geojson-source.js';
import { cqlText, geoServerUrls, propertyOf } from '../national/geoserver-wfs.js';
import type { LiveParcelSource } from '../national/national-adapter.js';
import { parseSlovakReference } from './reference.js';

/**
 * ÚGKK's INSPIRE CP WFS (GeoServer; SOURCES.md 15), one workspace per register: register C (the
 * cadastral map) `cp/ows` type `cp:CP.CadastralParcel`, register E (the original ownership
 * parcels) `cp_uo/ows` type `cp_uo:CP.CadastralParcelUO`. Both are GeoServer feature types whose
 * GeoJSON carries `nationalCadastralReference` (`<k.ú.>_<number>.<C|E>`), `label` and `areaValue`
 * as properties, as public clients read them (Python clients in the code index, repositories not
 * shown: one asks `outputFormat=application/json` with `CQL_FILTER=nationalCadastralReference =
 * '…'` on either workspace and reads `areaValue` as `{ "@uom": "m2", value }`; another asks the
 * same workspaces' OGC API with a CQL2 `IN` on the same property and reads `areaValue` as a
 * column). So the answer is read as GeoServer GeoJSON in WGS84 (geoserver-wfs.ts), not as INSPIRE
 * GML; a reference goes to its own register's workspace; a point is asked of register C, the map.
 */
export const SK_REGISTERS = {
  C: { typeName: 'cp:CP.CadastralParcel' },
  E: { typeName: 'cp_uo:CP.CadastralParcelUO' },
} as const;
export type SlovakRegister = keyof typeof SK_REGISTERS;

const registerOf = (ref: string): SlovakRegister => (ref.endsWith('.E') ? 'E' : 'C');

/** `areaValue` as a number or as GeoServer writes a measure (`{ "@uom": "m2", "value": 832 }`). */
function areaOf(properties: FeatureProperties): number | undefined {
  const area = propertyOf(properties, 'areaValue');
  return numberOf(area) ?? numberOf(jsonObject(area).value);
}

const registerSource = (base: string, register: SlovakRegister) =>
  new GeoJsonParcelSource({
    country: 'SK',
    source: `ÚGKK INSPIRE CP WFS (register ${register})`,
    ...geoServerUrls({ base, typeName: SK_REGISTERS[register].typeName, cqlOf: (ref) => `nationalCadastralReference=${cqlText(ref)}` }),
    referenceOf: (p) => parseSlovakReference(textOf(propertyOf(p, 'nationalCadastralReference')) ?? ''),
    areaOf,
  });

/** Register C's and register E's workspaces, each at its configured URL. */
export class SlovakLiveSource implements LiveParcelSource {
  private readonly registers: Record<SlovakRegister, GeoJsonParcelSource>;

  constructor(urls: Readonly<Record<SlovakRegister, string>>) {
    this.registers = { C: registerSource(urls.C, 'C'), E: registerSource(urls.E, 'E') };
  }

  byReference(ref: string, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    return this.registers[registerOf(ref)].byReference(ref, ctx);
  }

  at(point: LonLat, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    return this.registers.C.at(point, ctx);
  }

  statusChecks(near: LonLat): SourceCheck[] {
    return [...this.registers.C.statusChecks(near), ...this.registers.E.statusChecks(near)];
  }
}
