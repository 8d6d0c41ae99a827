// Every command of `catastro` starts a Node process, and every module the command line loads
// before the command runs is start-up time of all of them: the keys command's access databases
// (better-sqlite3 with them), the HTTP server's refusals (node:http) and the trusted proxies'
// ipaddr.js were loaded for `catastro --version` and for every import of a published zip
// (docs/performance.md, "the published municipal zip"). Each command now loads what it runs.
import { describe, expect, it } from 'vitest';
import { modulesLoadedByCommand, modulesLoadedImportingZip } from '../../helpers/modules-loaded.js';

/** What only `keys`, `serve` and `start` use: the access databases, the HTTP server's refusals and the proxies' address library. */
const KEYS_AND_SERVER_MODULES =
  /\/core\/auth\/(access-|key-store|pg-access|usage-counter)|\/core\/api\/(protocol-refusals|envelope)\.|^node:http$|\/node_modules\/ipaddr\.js\//;

const matching = (urls: string[], pattern: RegExp) => urls.filter((url) => pattern.test(url));

describe('the modules a command of `catastro` loads', () => {
  it('`--version` loads neither the copy nor SQLite nor what keys and serve use', () => {
    const { loaded, required, stdout } = modulesLoadedByCommand('--version');
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect(matching(loaded, /\/core\/store\/(?!postgres\/store-url\.)/)).toEqual([]);
    expect(matching(required, /\/node_modules\/better-sqlite3\//)).toEqual([]);
    expect(matching([...loaded, ...required], KEYS_AND_SERVER_MODULES)).toEqual([]);
  }, 60_000);

  it('`import` of a published zip loads the copy and its reader, not what keys and serve use', async () => {
    const { loaded, required } = await modulesLoadedImportingZip();
    expect(matching(required, /\/node_modules\/better-sqlite3\//)).not.toEqual([]);
    expect(matching([...loaded, ...required], KEYS_AND_SERVER_MODULES)).toEqual([]);
  }, 60_000);
});
