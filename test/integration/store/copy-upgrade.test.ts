// A user's copy across an app update: real copies as the code of each schema version wrote them
// (test/fixtures/store-schemas, made by make-copies.sh from the git history), upgraded with a
// backup kept beside them; a copy from a newer version refused and left as it was.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { isServiceError } from '../../../core/model/index.js';
import { upgradeBackupFile } from '../../../core/store/copy-upgrade.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { MIGRATIONS } from '../../../core/store/schema.js';
import { repoRoot } from '../../helpers/paths.js';
import { tempDir } from '../../helpers/temp-dir.js';

const fixtures = path.join(repoRoot, 'test/fixtures/store-schemas');
const releasedSchemas = readdirSync(fixtures)
  .map((name) => /^schema-(\d+)\.sqlite$/.exec(name)?.[1])
  .filter(Boolean)
  .map(Number)
  .sort((a, b) => a - b);
/** The five parcels cut from the bundled sample (Segovia 40146), in every fixture copy. */
const FIRST_PARCEL = '000700100UL74F';

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const versionOf = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return { version: db.pragma('user_version', { simple: true }) as number, parcels: db.prepare('SELECT count(*) FROM parcels').pluck().get() };
  } finally {
    db.close();
  }
};

/** A fixture copied into a data folder whose name has spaces and accents, as on Windows (C:\Users\José María\…). */
function copyOfSchema(version: number): string {
  const folder = path.join(tempDir('catastro-upgrade-'), 'José María', 'Datos catastro');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, 'catastro.sqlite');
  copyFileSync(path.join(fixtures, `schema-${version}.sqlite`), file);
  return file;
}

describe('a copy of every released schema', () => {
  it('has a fixture for every schema version this code knows', () => {
    expect(releasedSchemas).toEqual(MIGRATIONS.map((_, index) => index + 1));
  });

  for (const version of releasedSchemas.filter((v) => v < MIGRATIONS.length)) {
    it(`schema ${version}: upgraded with its parcels, the copy as it was kept as the backup`, () => {
      const file = copyOfSchema(version);
      const store = ParcelStore.open(file);
      try {
        expect(store.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
        expect(store.getParcel('ES', FIRST_PARCEL)).toMatchObject({ areaM2: 108, uso: 'Industrial', anioConstruccion: 1900, declaredUnits: 1 });
        expect(store.parcelAt([-4.468377, 41.061403])?.ref).toBe(FIRST_PARCEL);
        expect(store.countParcels()).toBe(5);
      } finally {
        store.close();
      }
      const backup = upgradeBackupFile(file);
      expect(backup).toBe(path.join(path.dirname(file), 'catastro.before-upgrade.sqlite'));
      expect(versionOf(backup)).toEqual({ version, parcels: 5 });
    });
  }

  it('keeps only the last backup and takes none for a copy already current', () => {
    const file = copyOfSchema(3);
    ParcelStore.open(file).close();
    const backup = upgradeBackupFile(file);
    const first = sha256(backup);
    ParcelStore.open(file).close(); // now current: the backup of schema 3 stays as it was
    expect(sha256(backup)).toBe(first);
    expect(readdirSync(path.dirname(file)).filter((name) => name !== 'catastro.sqlite')).toEqual(['catastro.before-upgrade.sqlite']);
    const current = copyOfSchema(MIGRATIONS.length);
    ParcelStore.open(current).close();
    expect(existsSync(upgradeBackupFile(current))).toBe(false);
  });
});

describe('a copy written by a newer version', () => {
  it('is refused with a clear message and left byte for byte as it was', () => {
    const file = copyOfSchema(MIGRATIONS.length);
    // What a later release would have done: one more migration, its version recorded.
    const future = new Database(file);
    future.exec('CREATE TABLE parcel_notes (ref TEXT PRIMARY KEY, note TEXT)');
    future.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    future.close();
    const before = sha256(file);

    let refusal: unknown;
    try {
      ParcelStore.open(file).close();
    } catch (error) {
      refusal = error;
    }
    expect(isServiceError(refusal) && refusal.code).toBe('VALIDATION_ERROR');
    expect((refusal as Error).message).toContain(
      `written by a newer version of Catastro Desktop (its schema is ${MIGRATIONS.length + 1}, this version knows up to ${MIGRATIONS.length})`,
    );
    expect((refusal as Error).message).toContain('It was not opened and is unchanged');
    expect(sha256(file)).toBe(before);
    expect(readdirSync(path.dirname(file))).toEqual(['catastro.sqlite']);
  });
});
