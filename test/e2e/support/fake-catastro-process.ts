// Runs the fake Catastro in its own process (through tsx) so Playwright's loader never has to
// compile the core; prints its URL as one JSON line and stays up until killed.
import { startFakeCatastro } from '../../fake-upstream/catastro.js';

const fake = await startFakeCatastro();
console.log(JSON.stringify({ url: fake.url }));
const stop = () => void fake.close().finally(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
