import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The real recorded fixtures, vendored byte for byte with their provenance (test/fixtures/PROVENANCE.md). */
export const fixturesDir = path.join(repoRoot, 'test', 'fixtures');
export const fixture = (name: string) => path.join(fixturesDir, name);
