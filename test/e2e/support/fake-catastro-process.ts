// Runs the fake Catastro in its own process (through tsx) so Playwright's loader never has to
// compile the core; prints its URL as one JSON line and stays up until killed.
import { COUNTRIES } from '../../../core/countries/registry.js';
import { startFakeCatastro } from '../../fake-upstream/catastro.js';
import { startFakeEurope } from '../../fake-upstream/countries/europe.js';
import { startFakePvgis } from '../../fake-upstream/pvgis.js';
import { startFakeSigpac } from '../../fake-upstream/sigpac.js';

// The fake PVGIS replays the real recorded PVcalc answer for the analysis panel; the fake Europe
// the other countries' recordings, handed to the server as each country's own variables.
const [fake, pvgis, europe, sigpac] = await Promise.all([startFakeCatastro(), startFakePvgis(), startFakeEurope(), startFakeSigpac()]);
const europeEnv: Record<string, string> = {};
for (const country of COUNTRIES) {
  const sources = (europe.sources as Record<string, Record<string, string | undefined> | undefined>)[country.code.toLowerCase()] ?? {};
  for (const [option, variable] of Object.entries(country.sourceEnv)) {
    if (country.code !== 'ES' && sources[option]) europeEnv[variable] = sources[option]!;
  }
}
console.log(JSON.stringify({ url: fake.url, pvgisUrl: pvgis.baseUrl, sigpacUrl: sigpac.baseUrl, europeEnv }));
const stop = () => void Promise.all([fake.close(), pvgis.close(), europe.close(), sigpac.close()]).finally(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
