import { COUNTRIES, type SourcesConfig } from '../../core/countries/registry.js';
import type { startFakeCartoCiudad } from '../fake-upstream/cartociudad.js';
import type { startFakeCatastro } from '../fake-upstream/catastro.js';
import { DK_FAKE_API_KEY } from '../../core/countries/dk/test/fake.js';
import type { startFakeEurope } from '../fake-upstream/countries/europe.js';

/** A loopback port nothing listens on: every source the fakes do not play is refused here, never asked on the internet. */
export const NOWHERE = 'http://127.0.0.1:9';

export interface EveryCountryFakes {
  europe: Awaited<ReturnType<typeof startFakeEurope>>;
  catastro: Awaited<ReturnType<typeof startFakeCatastro>>;
  cartociudad: Awaited<ReturnType<typeof startFakeCartoCiudad>>;
}

/**
 * The environment the app reads its sources from (core/sources-from-env.ts) with every country at
 * its fake, `override` replacing some, and every other base URL variable at NOWHERE: a test of
 * the live check against it sends nothing off this machine.
 */
export function fakeSourcesEnv({ europe, catastro, cartociudad }: EveryCountryFakes, override: SourcesConfig = {}): NodeJS.ProcessEnv {
  const sources: SourcesConfig = {
    ...europe.sources,
    dk: { ...europe.sources.dk, datafordelerApiKey: DK_FAKE_API_KEY },
    es: { ovcJsonBaseUrl: `${catastro.url}/OVCServWeb/OVCWcfCallejero`, wfsCpUrl: `${catastro.url}/INSPIRE/wfsCP.aspx`, cartociudadBaseUrl: cartociudad.url },
    ...override,
  };
  const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('CATASTRO_')));
  for (const country of COUNTRIES) {
    const given = sources[country.code.toLowerCase() as keyof SourcesConfig] ?? {};
    for (const [option, variable] of Object.entries(country.sourceEnv)) {
      const value = given[option] ?? (variable.endsWith('_URL') ? NOWHERE : undefined);
      if (value !== undefined) env[variable] = value;
    }
  }
  return env;
}
