#!/usr/bin/env node
// The `catastro` command. It runs the compiled CLI (dist/app, written by `npm run build:app`, the
// build the packaged app ships): about 0.3 s to `--help`. Where that build is missing, or older
// than a TypeScript source beside it (a checkout being worked on, a production install that could
// not build without the dev tools), it runs the sources through tsx instead: about 2 s to start,
// but never a stale build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const compiledCli = path.join(root, 'dist', 'app', 'cli', 'main.js');
const SOURCE_DIRS = ['cli', 'core', 'electron'];

/** Latest modification time of the TypeScript files under dir (0 where there are none). */
function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(file));
    else if (/\.c?ts$/.test(entry.name)) newest = Math.max(newest, statSync(file).mtimeMs);
  }
  return newest;
}

function compiledIsCurrent() {
  if (!existsSync(compiledCli)) return false;
  const built = statSync(compiledCli).mtimeMs;
  return SOURCE_DIRS.every((dir) => !existsSync(path.join(root, dir)) || newestSource(path.join(root, dir)) <= built);
}

if (compiledIsCurrent()) {
  await import(pathToFileURL(compiledCli).href);
} else {
  let register;
  try {
    ({ register } = await import('tsx/esm/api'));
  } catch {
    console.error('catastro: the compiled CLI (dist/app) is missing or out of date and tsx is not installed; run `npm run build:app`.');
    process.exit(1);
  }
  register();
  await import(pathToFileURL(path.join(root, 'cli', 'main.ts')).href);
}
