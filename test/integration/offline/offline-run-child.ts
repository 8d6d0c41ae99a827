// The app's offline download in a process of its own, for the test to kill (SIGKILL) mid-transfer:
// the app closed or crashed while a download ran.
import path from 'node:path';
import { OfflineAreasService } from '../../../core/offline/offline-areas-service.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { UpstreamClient } from '../../../core/upstream/upstream-client.js';

const [dataDir, atomBaseUrl, choice] = process.argv.slice(2);
const store = ParcelStore.open(path.join(dataDir, 'catastro.sqlite'));
const service = new OfflineAreasService(
  store,
  new UpstreamClient({ retries: 0, timeoutMs: 60_000 }),
  { atomBaseUrl, etalabRoot: 'http://127.0.0.1:9/etalab-unused' },
  dataDir,
);
void service.download(JSON.parse(choice));
