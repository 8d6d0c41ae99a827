import { execFile } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { countryFixture } from '../../fake-upstream/countries/fake-server.js';
import { repoRoot } from '../../helpers/paths.js';
import { tempDir } from '../../helpers/temp-dir.js';

const run = promisify(execFile);

// Issue #40 item 5: an Etalab commune file saved under another name made no offline area, and
// `catastro areas list` wrote a French commune as "Épinay-sur-Orge (?)": France's areas have no
// province, and the list did not fall back to the code as the app's list does.
it('catastro import of a renamed Etalab file lists the commune by its name and INSEE code', { timeout: 120_000 }, async () => {
  const data = tempDir('catastro-import-renamed-etalab-');
  const file = path.join(data, 'mon-fichier.json.gz');
  copyFileSync(countryFixture('fr_etalab_cadastre_parcelles_91216.json.gz'), file);
  const cli = (...args: string[]) => run(process.execPath, [path.join(repoRoot, 'bin/catastro.js'), ...args, '--data', data]);
  await cli('import', file);
  const { stdout } = await cli('areas', 'list');
  expect(stdout).toMatch(/^FR\.91216 +Épinay-sur-Orge \(91216\) +4241 parcels .* from mon-fichier\.json\.gz$/m);
});
