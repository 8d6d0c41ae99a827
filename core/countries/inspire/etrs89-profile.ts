import type { CountryCode } from '../../model/index.js';
import type { InspireWfsProfile } from './profile.js';

const FES = 'xmlns:fes="http://www.opengis.net/fes/2.0" xmlns:cp="http://inspire.ec.europa.eu/schemas/cp/4.0"';

/**
 * The profile of an INSPIRE CP WFS 2.0 asked as the INSPIRE technical guidance publishes it,
 * for services of which SOURCES.md records nothing more (Liechtenstein, Iceland, Scotland):
 * `cp:CadastralParcel`, answers and boxes in ETRS89 (EPSG:4258, latitude first: the CRS every
 * INSPIRE download service must offer), one parcel through a FES filter on
 * nationalCadastralReference (omitted where the country has no lookup by reference).
 */
export function inspireProfile(
  country: CountryCode,
  source: string,
  parse: (raw: string) => string | undefined,
  options: { byReference?: boolean } = {},
): InspireWfsProfile {
  return {
    country,
    source,
    typeName: 'cp:CadastralParcel',
    srsEpsg: 4258,
    bboxEpsg: 4258,
    pointBoxMetres: 5,
    referenceOf: (ids) => parse(ids.nationalRef ?? '') ?? parse(ids.localId ?? ''),
    ...(options.byReference !== false && {
      byReference: (ref: string) => ({
        FILTER: `<fes:Filter ${FES}><fes:PropertyIsEqualTo><fes:ValueReference>cp:nationalCadastralReference</fes:ValueReference><fes:Literal>${ref}</fes:Literal></fes:PropertyIsEqualTo></fes:Filter>`,
      }),
    }),
  };
}
