// A bulk import starts in its own process (`catastro import`, the import worker): every module
// it loads is start-up time before the first parcel. The schema library alone was about 200
// modules and a sixth of a published municipal zip's import CPU (docs/performance.md), loaded
// only for two degree ranges. This lists the modules the import path really loads, in a fresh
// Node process, through a module hook that writes each resolved URL to a file.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../helpers/paths.js';
import { modulesLoadedBy, modulesLoadedImportingZip } from '../../helpers/modules-loaded.js';

/** Packages a local import has no use for: the team store's driver (pg: about 45 modules) and the terminal's bar. */
const TEAM_AND_TERMINAL_PACKAGES = /\/node_modules\/(pg|pg-[a-z-]+|pgpass|cli-progress)\//;
/**
 * What only another country's file needs: its reader (Etalab, DKK, EGiB, MAT, HM Land Registry) and
 * the JSON stream parser only they use; a Catastro zip is read without them.
 */
const OTHER_COUNTRIES_READERS = /\/core\/countries\/(fr\/etalab-geojson|nl\/dkk-gml|pl\/egib-gml|dk\/mat-json|uk\/hmlr-gml)\.|\/node_modules\/@streamparser\//;
/** The readers of the other parts a Catastro zip may hold (buildings, addresses) and of CAT files. */
const OTHER_PARTS_READERS = /\/core\/formats\/(inspire-buildings|inspire-addresses|sax-record-stream)\.|\/core\/store\/(address-import|importers\/cat-)/;
/**
 * Modules (our own and packages', not Node's built-ins) `catastro import` of a Catastro zip may
 * load: 139 before the readers were loaded by the format detected, 123 after; 115 (the vertex
 * cache among them) since the command line stopped loading what `keys` and `serve` use
 * (test/unit/cli/command-modules.test.ts), 107 since the buildings', addresses' and CAT readers
 * are loaded for a part of their kind; 108 with the parcels' R*Tree written in bulk
 * (core/store/rtree-bulk-load.ts).
 */
const IMPORT_MODULES_AT_MOST = 108;

describe('the bulk import path', () => {
  it('loads the store and its readers without the HTTP/IPC schema library', () => {
    // What `catastro import` and scripts/import-once.ts load: the national formats and the copy.
    const loaded = modulesLoadedBy(path.join(repoRoot, 'core/countries/import-formats.ts'), path.join(repoRoot, 'core/store/parcel-store.ts'));
    for (const piece of ['/core/store/parcel-store.', '/core/store/import-runner.', '/core/formats/inspire-parcel-reader.']) {
      expect(
        loaded.some((url) => url.includes(piece)),
        piece,
      ).toBe(true);
    }
    expect(loaded.filter((url) => url.includes('@sinclair/typebox'))).toEqual([]);
  }, 60_000);

  it('`catastro import` of a published zip into the local copy loads neither pg nor cli-progress', async () => {
    const { loaded, required } = await modulesLoadedImportingZip();
    expect(loaded.some((url) => url.includes('/core/store/import-runner.'))).toBe(true);
    // Only the modules a local import uses were loaded.
    expect(loaded.filter((url) => TEAM_AND_TERMINAL_PACKAGES.test(url))).toEqual([]);
    expect(loaded.filter((url) => url.includes('/core/store/postgres/') && !url.includes('/store-url.'))).toEqual([]);
    expect(loaded.filter((url) => OTHER_COUNTRIES_READERS.test(url))).toEqual([]);
    expect([...loaded, ...required].filter((url) => OTHER_PARTS_READERS.test(url))).toEqual([]);
    expect(loaded.filter((url) => url.startsWith('file:')).length).toBeLessThanOrEqual(IMPORT_MODULES_AT_MOST);
  }, 60_000);
});
