import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../helpers/paths.js';

// The layer rule of DESIGN.md, checked through the project's own ESLint config.
const eslint = new ESLint({ cwd: repoRoot });
const violations = async (filePath: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').length;
};

describe('import boundaries', () => {
  it.each([
    ['core/service.ts', "import { x } from '../renderer/app.js'; export { x };"],
    ['core/store/db.ts', "import { x } from '../../electron/main.js'; export { x };"],
    ['core/model/parcel.ts', "import fs from 'node:fs'; export { fs };"],
    ['renderer/app.tsx', "import fs from 'node:fs'; export { fs };"],
    ['renderer/app.tsx', "import { CatastroService } from '../core/service.js'; export { CatastroService };"],
  ])('%s may not import that', async (file, code) => {
    expect(await violations(file, code)).toBe(1);
  });

  it.each([
    ['core/service.ts', "import { ServiceError } from './model/index.js'; export { ServiceError };"],
    ['renderer/app.tsx', "import type { Parcel } from '../core/model/index.js'; export type { Parcel };"],
  ])('%s may import that', async (file, code) => {
    expect(await violations(file, code)).toBe(0);
  });
});
