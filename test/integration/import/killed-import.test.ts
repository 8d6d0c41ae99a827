import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFiles } from '../../../core/countries/import-formats.js';
import { parseCadastralParcelXml } from '../../../core/formats/inspire-parcels.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { fixture, repoRoot } from '../../helpers/paths.js';
import { CATASTRO_PARCELS } from '../../../core/countries/es/catastro-files.js';

let dir: string;
let storeFile: string;
let bigFile: string;

/** What a reader sees of the copy: counts and a fingerprint of every row. */
function snapshot(file: string) {
  const store = ParcelStore.open(file);
  try {
    const rows = store.db.prepare('SELECT ref, area, data_date, source FROM parcels ORDER BY country, ref').all();
    return {
      parcels: store.countParcels(),
      buildings: (store.db.prepare('SELECT count(*) AS n FROM buildings').get() as { n: number }).n,
      boxes: (store.db.prepare('SELECT count(*) AS n FROM parcels_rtree').get() as { n: number }).n,
      fingerprint: JSON.stringify(rows),
    };
  } finally {
    store.close();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-kill-'));
  storeFile = path.join(dir, 'catastro.sqlite');
  // The copy already holds data: the buildings of 40146 and one live-cached Madrid parcel.
  const store = ParcelStore.open(storeFile);
  await importFiles(store, [fixture('A.ES.SDGC.BU.40146.building.gml.gz')]);
  store.upsertParcels(liveParcels());
  store.close();
  // A large real file: the 40146 members repeated 30 times (≈ 95 MB), so the import runs long enough to be killed midway.
  const gml = gunzipSync(readFileSync(fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz'))).toString('utf8');
  const start = gml.indexOf('<member>');
  const end = gml.lastIndexOf('</member>') + '</member>'.length;
  bigFile = path.join(dir, 'big.cadastralparcel.gml');
  writeFileSync(bigFile, gml.slice(0, start) + gml.slice(start, end).repeat(30) + gml.slice(end));
});

function liveParcels() {
  const xml = readFileSync(fixture('es_catastro_wfs_getparcel_9398516VK3799G.gml'), 'utf8');
  return parseCadastralParcelXml(xml, { ...CATASTRO_PARCELS, source: 'live', dataDate: '2026-01-01' });
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('an import killed mid-file', () => {
  it('leaves the copy exactly as it was (SIGKILL after 5,000 records were written)', async () => {
    const before = snapshot(storeFile);
    expect(before.parcels).toBe(1);
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'test/integration/import/import-child.ts'), storeFile, bigFile], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const recordsWhenKilled = await new Promise<number>((resolve, reject) => {
      let buffer = '';
      child.stdout.on('data', (chunk) => {
        buffer += chunk;
        const lines = buffer.split('\n');
        buffer = lines.pop()!;
        for (const line of lines) {
          if (line === 'done') return reject(new Error('the import finished before it could be killed'));
          const progress = JSON.parse(line) as { records: number; bytesRead: number; bytesTotal: number };
          if (progress.records > 5000) {
            child.kill('SIGKILL');
            return resolve(progress.records);
          }
        }
      });
      child.on('exit', (code, signal) => {
        if (signal !== 'SIGKILL') reject(new Error(`child exited ${code}`));
      });
    });
    await new Promise((resolve) => child.on('close', resolve));
    expect(recordsWhenKilled).toBeGreaterThan(5000);
    expect(snapshot(storeFile)).toEqual(before);
  }, 120_000);

  it('a truncated (malformed) file fails with a clear error and changes nothing', async () => {
    const before = snapshot(storeFile);
    const truncated = path.join(dir, 'truncated.gml');
    const text = readFileSync(bigFile, 'utf8');
    writeFileSync(truncated, text.slice(0, 200_000) + '<cp:areaValue>12</member>');
    const store = ParcelStore.open(storeFile);
    await expect(importFiles(store, [truncated])).rejects.toThrow(/truncated\.gml failed, nothing of it was kept/);
    store.close();
    expect(snapshot(storeFile)).toEqual(before);
  });

  it('a truncated .gz download fails with a clear error and changes nothing', async () => {
    const before = snapshot(storeFile);
    const cut = path.join(dir, 'cut.cadastralparcel.gml.gz');
    const gz = readFileSync(fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz'));
    writeFileSync(cut, gz.subarray(0, Math.floor(gz.length * 0.6)));
    const store = ParcelStore.open(storeFile);
    await expect(importFiles(store, [cut])).rejects.toThrow(
      /cut\.cadastralparcel\.gml\.gz failed, nothing of it was kept: .*(ends before its compressed data does|Malformed)/,
    );
    store.close();
    expect(snapshot(storeFile)).toEqual(before);
  });

  it('a file of another kind is refused before anything is written', async () => {
    const other = path.join(dir, 'notes.gml');
    writeFileSync(other, '<?xml version="1.0"?><kml><Document/></kml>');
    const store = ParcelStore.open(storeFile);
    await expect(importFiles(store, [other])).rejects.toThrow(/neither an INSPIRE parcels, buildings or addresses GML nor a CAT file/);
    store.close();
  });
});
