import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The shared real fixtures live beside the repository (a fresh clone has shared/ next to it). */
export const fixturesDir = path.resolve(repoRoot, '../shared/fixtures');
export const fixture = (name: string) => path.join(fixturesDir, name);
