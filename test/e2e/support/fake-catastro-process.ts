// Runs the fake Catastro in its own process (through tsx) so Playwright's loader never has to
// compile the core; prints its URL as one JSON line and stays up until killed.
import { startFakeCatastro } from '../../fake-upstream/catastro.js';
import { startFakePvgis } from '../../fake-upstream/pvgis.js';

// The fake PVGIS replays the real recorded PVcalc answer for the analysis panel.
const [fake, pvgis] = await Promise.all([startFakeCatastro(), startFakePvgis()]);
console.log(JSON.stringify({ url: fake.url, pvgisUrl: pvgis.baseUrl }));
const stop = () => void Promise.all([fake.close(), pvgis.close()]).finally(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
