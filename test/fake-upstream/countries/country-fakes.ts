import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CountryFake } from '../../helpers/country-golden.js';
import { repoRoot } from '../../helpers/paths.js';
import type { FakeRoute } from './fake-server.js';

/** Where a country keeps its fake: its folder's test/fake.ts, exporting `fake` (routes, and sources(base) pointing at them). */
export const countryFakePath = (code: string) => path.join(repoRoot, 'core', 'countries', code.toLowerCase(), 'test', 'fake.ts');

/** A country's fake, found in its folder by its code (so a new folder's fake is played with no other line). */
export async function countryFakeOf(code: string): Promise<CountryFake> {
  const file = countryFakePath(code);
  const { fake } = (await import(pathToFileURL(file).href)) as { fake?: Partial<CountryFake> };
  if (!Array.isArray(fake?.routes) || typeof fake.sources !== 'function') {
    throw new Error(`${path.relative(repoRoot, file)} must export \`fake\`: { routes, sources(base) } (test/helpers/country-golden.ts CountryFake).`);
  }
  return fake as CountryFake;
}

/**
 * Several countries' fakes played by one fake server, for the tests that walk every country
 * (europe.ts): the first route that answers a request answers it, and each country's sources are
 * keyed by its lower-case code.
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
