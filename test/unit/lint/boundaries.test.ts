// The floors of eslint.config.js fire: a file importing a floor above its own gets
// boundaries/element-types errors, the same kind of import downwards none, and a file outside
// every floor is refused. Each case is linted as text under the path of the floor it pretends to
// be on, so nothing is written to the tree.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../helpers/paths.js';

const eslint = new ESLint({ cwd: repoRoot });

async function ruleMessages(file: string, code: string, rule: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result.messages.filter((message) => message.ruleId === rule).map((message) => message.message);
}
const boundaryErrors = (file: string, code: string) => ruleMessages(file, code, 'boundaries/element-types');

describe('the boundaries lint', () => {
  it.each([
    ['core/store/upward.ts', "import '../countries/registry.js';", "type 'store'. Dependency is of type 'countries'"],
    ['core/model/upward.ts', "import '../store/parcel-store.js';", "type 'model'. Dependency is of type 'store'"],
    ['core/formats/upward.ts', "import '../store/db.js';", "type 'formats'. Dependency is of type 'store'"],
    ['core/countries/upward.ts', "import '../service.js';", "type 'countries'. Dependency is of type 'service'"],
    ['core/analysis/upward.ts', "import '../api/server.js';", "type 'analysis'. Dependency is of type 'api'"],
    ['core/api/upward.ts', "import '../../cli/main.js';", "type 'api'. Dependency is of type 'cli'"],
    ['electron/sideways.ts', "import '../cli/start.js';", "type 'electron'. Dependency is of type 'cli'"],
    ['renderer/map/Upward.tsx', "import '../app/App.js';", "type 'renderer-feature'. Dependency is of type 'renderer-app'"],
    ['renderer/ui/Upward.tsx', "import '../map/MapView.js';", "type 'renderer-ui'. Dependency is of type 'renderer-feature'"],
  ])(
    'refuses %s importing upwards',
    async (file, code, expected) => {
      const errors = await boundaryErrors(file, code);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain(expected);
    },
    120_000,
  );

  it.each([
    ['core/countries/downward.ts', "import '../store/parcel-store.js';"],
    ['core/store/downward.ts', "import '../formats/text-stream.js';"],
    ['cli/downward.ts', "import '../core/service.js';"],
    ['electron/downward.ts', "import '../core/api/server.js';"],
    ['renderer/map/Downward.tsx', "import '../ui/ModalDialog.js';"],
  ])(
    'lets %s import downwards',
    async (file, code) => {
      expect(await boundaryErrors(file, code)).toEqual([]);
    },
    120_000,
  );

  it('refuses a source file on no floor', async () => {
    expect(await ruleMessages('core/nowhere/unplaced.ts', 'export const x = 1;\n', 'boundaries/no-unknown-files')).toHaveLength(1);
  }, 120_000);
});
