// Child process of the hostile-layer tests: reads a layer file and prints `ok <features>` or
// `error <message>`. A file that hangs the reader hangs only this process, which the parent kills.
import { readLayer } from '../../../core/analysis/terrain/read-layer.js';

const [file] = process.argv.slice(2);
try {
  let features = 0;
  for await (const _feature of readLayer(file)) features++;
  process.stdout.write(`ok ${features}\n`);
} catch (error) {
  process.stdout.write(`error ${(error as Error).message}\n`);
}
