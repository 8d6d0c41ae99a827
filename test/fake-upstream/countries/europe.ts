import type { SourcesConfig } from '../../../core/countries/registry.js';
import { startFakeServer, type FakeServer } from './fake-server.js';
import { basqueRoutes, basqueSources } from '../../../core/countries/pv/test/fake.js';
import { navarreRoutes, navarreSources } from '../../../core/countries/na/test/fake.js';
import { frenchRoutes, frenchSources } from '../../../core/countries/fr/test/fake.js';
import { fake as czech } from '../../../core/countries/cz/test/fake.js';
import { danishRoutes, danishSources } from '../../../core/countries/dk/test/fake.js';
import { europeBRoutes, europeBSources } from './europe-b.js';
import { italyRoutes, italySources } from '../../../core/countries/it/test/fake.js';
import { luxembourgRoutes, luxembourgSources } from '../../../core/countries/lu/test/fake.js';
import { geoJsonCountryRoutes, geoJsonCountrySources } from './geojson-countries.js';
import { nominatimRoutes } from './nominatim.js';
import { fake as germany } from '../../../core/countries/de/test/fake.js';
import { fake as finland } from '../../../core/countries/fi/test/fake.js';
import { norwayRoutes, norwaySources } from '../../../core/countries/no/test/fake.js';
import { fake as austria } from '../../../core/countries/at/test/fake.js';
import { fake as belgium } from '../../../core/countries/be/test/fake.js';
import { fake as switzerland } from '../../../core/countries/ch/test/fake.js';
import { dutchRoutes, dutchSources } from '../../../core/countries/nl/test/fake.js';
import { polishGeocoderRoutes, polishRoutes, polishSources } from '../../../core/countries/pl/test/fake.js';

/** One fake upstream playing every European country's services, each under its own path prefix. */
export async function startFakeEurope(): Promise<FakeServer & { sources: Partial<SourcesConfig> }> {
  const server = await startFakeServer([
    frenchRoutes,
    polishRoutes,
    dutchRoutes,
    italyRoutes,
    ...czech.routes,
    danishRoutes,
    luxembourgRoutes,
    ...basqueRoutes,
    ...navarreRoutes,
    geoJsonCountryRoutes,
    nominatimRoutes,
    polishGeocoderRoutes,
    ...europeBRoutes,
    ...germany.routes,
    ...finland.routes,
    norwayRoutes,
    ...belgium.routes,
    ...switzerland.routes,
    ...austria.routes,
  ]);
  return {
    ...server,
    sources: {
      fr: frenchSources(server.url),
      pl: polishSources(server.url),
      nl: dutchSources(server.url),
      it: italySources(server.url),
      cz: czech.sources(server.url),
      pv: basqueSources(server.url),
      na: navarreSources(server.url),
      dk: danishSources(server.url),
      lu: luxembourgSources(server.url),
      ...geoJsonCountrySources(server.url),
      ...europeBSources(server.url),
      de: germany.sources(server.url),
      fi: finland.sources(server.url),
      no: norwaySources(server.url),
      be: belgium.sources(server.url),
      ch: switzerland.sources(server.url),
      at: austria.sources(server.url),
    },
  };
}
