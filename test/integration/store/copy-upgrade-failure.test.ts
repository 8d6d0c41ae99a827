// An upgrade whose migration fails: the copy is put back from the backup taken before, the backup
// stays, and the user is told. The failing step is one more migration after the real ones (as a
// future release's would be), so migrations 6 to 10 really run and commit before it fails.
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { upgradeBackupFile } from '../../../core/store/copy-upgrade.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { repoRoot } from '../../helpers/paths.js';
import { tempDir } from '../../helpers/temp-dir.js';

const seen = vi.hoisted(() => ({ versionAtFailure: 0 }));

vi.mock('../../../core/store/schema.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../core/store/schema.js')>();
  const failing = (db: import('better-sqlite3').Database) => {
    seen.versionAtFailure = db.pragma('user_version', { simple: true }) as number;
    db.exec('CREATE TABLE half_done (x)'); // rolled back with its step
    throw new Error('disk I/O error (injected)');
  };
  return { ...real, MIGRATIONS: [...real.MIGRATIONS, failing] };
});

function inspect(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    return {
      version: db.pragma('user_version', { simple: true }),
      parcels: db.prepare('SELECT count(*) FROM parcels').pluck().get(),
      integrity: db.pragma('integrity_check', { simple: true }),
      // country on buildings came with migration 7: absent in a schema 5 copy.
      buildingColumns: (db.prepare('PRAGMA table_info(buildings)').all() as { name: string }[]).map((c) => c.name).includes('country'),
    };
  } finally {
    db.close();
  }
}

describe('a failed upgrade', () => {
  it('puts the copy back as it was from the backup and keeps the backup', () => {
    const folder = path.join(tempDir('catastro-upgrade-fail-'), 'José María');
    mkdirSync(folder);
    const file = path.join(folder, 'catastro.sqlite');
    copyFileSync(path.join(repoRoot, 'test/fixtures/store-schemas/schema-5.sqlite'), file);

    expect(() => ParcelStore.open(file)).toThrow(
      /could not be upgraded to this version's schema \(disk I\/O error \(injected\)\)\. It was restored as it was from the backup/,
    );

    expect(inspect(file)).toEqual({ version: 5, parcels: 5, integrity: 'ok', buildingColumns: false });
    expect(inspect(upgradeBackupFile(file))).toEqual({ version: 5, parcels: 5, integrity: 'ok', buildingColumns: false });
    // No journal of the failed attempt left to be replayed onto the restored copy.
    expect(readdirSync(folder).sort()).toEqual(['catastro.before-upgrade.sqlite', 'catastro.sqlite']);
    // The real migrations 6 to 10 had run and committed before the failing one: the restore undid them.
    expect(seen.versionAtFailure).toBe(10);
  });
});
