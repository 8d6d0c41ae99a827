import { COUNTRIES, type SourcesConfig } from '../../../core/countries/registry.js';
import { countryFakeOf, countryFakesTogether } from './country-fakes.js';
import { startFakeServer, type FakeServer } from './fake-server.js';
import { nominatimRoutes } from './nominatim.js';

/** Spain is played by its own fake server (catastro.ts), which the store, import and API tests start alone. */
const PLAYED_APART = new Set(['ES']);

/**
 * One fake upstream playing every registered European country's services, each under its own
 * path prefix: every country's fake found in its folder (country-fakes.ts), and the open geocoder.
 */
export async function startFakeEurope(): Promise<FakeServer & { sources: Partial<SourcesConfig> }> {
  const codes = COUNTRIES.map(({ code }) => code).filter((code) => !PLAYED_APART.has(code));
  const fakes = Object.fromEntries(await Promise.all(codes.map(async (code) => [code.toLowerCase(), await countryFakeOf(code)] as const)));
  const europe = countryFakesTogether(fakes);
  const server = await startFakeServer([europe.routes, nominatimRoutes]);
  return { ...server, sources: europe.sources(server.url) };
}
