import type { CountryFake } from '../../helpers/country-golden.js';
import type { FakeRoute } from './fake-server.js';

/**
 * Several countries' fakes (each kept in core/countries/<cc>/test/fake.ts) played by one fake
 * server, for the tests that walk every country (europe.ts): the first route that answers a
 * request answers it, and each country's sources are keyed by its lower-case code.
 */
export function countryFakesTogether(fakes: Record<string, CountryFake>) {
  const routes: FakeRoute = (url) => {
    for (const fake of Object.values(fakes)) {
      for (const route of fake.routes) {
        const answer = route(url);
        if (answer) return answer;
      }
    }
    return undefined;
  };
  const sources = (base: string) => Object.fromEntries(Object.entries(fakes).map(([code, fake]) => [code, fake.sources(base)]));
  return { routes, sources };
}
