import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fixture, repoRoot } from '../../helpers/paths.js';

/** Resolves with the first stdout line matching `pattern`, or rejects when the process dies first. */
function waitForLine(child: ChildProcess, pattern: RegExp, what: string, timeoutMs = 60_000): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${what} did not start in ${timeoutMs} ms:\n${output}`)), timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with ${code}:\n${output}`));
    });
  });
}

/**
 * Starts the fake Catastro and `catastro serve --auth off` on a fresh data folder (the sample
 * imports on first run), and hands the app's URL to the tests in CATASTRO_E2E_URL.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'catastro-e2e-'));
  const fake = spawn(process.execPath, ['--import', 'tsx', 'test/e2e/support/fake-catastro-process.ts'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  const fakes = JSON.parse((await waitForLine(fake, /^\{.*\}$/m, 'fake Catastro'))[0]) as {
    url: string;
    pvgisUrl: string;
    sigpacUrl: string;
    europeEnv: Record<string, string>;
  };
  const fakeUrl = fakes.url;

  // Real hazard layers for the overlays and the analyses: Madrid's SPAs, Madrid's SACs standing in
  // for a national designated-areas register (none is at hand; real geometry, explicit mapping),
  // and the EGMS ortho tile E45N17 (Ustica, Sicily; vertical and east-west components).
  const analysisFixtures = fixture('analysis');
  const layers = spawnSync(
    process.execPath,
    [
      'bin/catastro.js',
      'import-layers',
      '--data',
      dataDir,
      '--protected-areas',
      path.join(analysisFixtures, 'es_madrid_zepa_qgis2web_3857.geojson'),
      '--designated-areas',
      path.join(analysisFixtures, 'es_madrid_zec_qgis2web_3857.geojson.gz'),
      '--code-field',
      'CD_ZEC_COD',
      '--name-field',
      'DS_ZEC_NAM',
      '--designation',
      'ZEC (test: Natura 2000 layer loaded as a national register)',
      '--ground-motion',
      path.join(analysisFixtures, 'egms/EGMS_L3_E45N17_100km_U_2020_2024_1.zip'),
      path.join(analysisFixtures, 'egms/EGMS_L3_E45N17_100km_E_2020_2024_1.zip'),
    ],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  if (layers.status !== 0) throw new Error(`import-layers failed:\n${layers.stdout}${layers.stderr}`);

  const server = spawn(process.execPath, ['bin/catastro.js', 'serve', '--host', '127.0.0.1', '--port', '0', '--data', dataDir, '--auth', 'off'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      CATASTRO_ES_OVC_URL: `${fakeUrl}/OVCServWeb/OVCWcfCallejero`,
      CATASTRO_ES_WFS_URL: `${fakeUrl}/INSPIRE/wfsCP.aspx`,
      CATASTRO_PVGIS_URL: fakes.pvgisUrl,
      // The fake SIGPAC holds real Andalusian enclosures (41-086): elsewhere it answers no enclosure.
      CATASTRO_SIGPAC_URL: fakes.sigpacUrl,
      // France, Poland, the Netherlands, Italy, Czechia, Denmark… at the fake Europe.
      ...fakes.europeEnv,
    },
  });
  const appUrl = (await waitForLine(server, /Listening on (http:\/\/\S+)/, 'catastro serve'))[1];
  process.env.CATASTRO_E2E_URL = appUrl;

  // The same copy with every live source unreachable, as in the field: the hosts end in .invalid,
  // which never resolves (RFC 6761), so lookups fail the way they do offline (getaddrinfo ENOTFOUND).
  const unreachable = (name: string) => `http://${name}.invalid`;
  const offlineServer = spawn(process.execPath, ['bin/catastro.js', 'serve', '--host', '127.0.0.1', '--port', '0', '--data', dataDir, '--auth', 'off'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      CATASTRO_ES_OVC_URL: `${unreachable('ovc.catastro')}/OVCServWeb/OVCWcfCallejero`,
      CATASTRO_ES_WFS_URL: `${unreachable('ovc.catastro')}/INSPIRE/wfsCP.aspx`,
      CATASTRO_CARTOCIUDAD_URL: unreachable('www.cartociudad'),
      CATASTRO_CALLEJERO_URL: unreachable('ovc.catastro'),
      CATASTRO_PVGIS_URL: unreachable('re.jrc.ec'),
      CATASTRO_SIGPAC_URL: unreachable('sigpac.mapa'),
    },
  });
  process.env.CATASTRO_E2E_OFFLINE_URL = (await waitForLine(offlineServer, /Listening on (http:\/\/\S+)/, 'catastro serve (live sources unreachable)'))[1];

  return async () => {
    for (const child of [offlineServer, server, fake]) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
