// Child process of the killed-import test: imports the given files into the given store and
// prints each progress report as a JSON line, so the parent can kill it mid-file.
import { importFiles } from '../../../core/countries/import-formats.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';

const [storeFile, ...files] = process.argv.slice(2);
const store = ParcelStore.open(storeFile);
await importFiles(store, files, (progress) => {
  process.stdout.write(`${JSON.stringify(progress)}\n`);
});
store.close();
process.stdout.write('done\n');
