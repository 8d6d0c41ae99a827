import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IpcChannel } from '../../../electron/ipc-channels.js';
import type { PreloadApi } from '../../../electron/preload.cjs';
import type { DesktopApi } from '../../../renderer/client/desktop-api.js';

/**
 * The preload's `window.catastro` against the DesktopApi type the renderer's IpcClient is written
 * against. A type check (tsc runs on the tests): a method missing from the preload, one it adds,
 * or a parameter it takes differently fails the type-check.
 */
type Missing = Exclude<keyof DesktopApi, keyof PreloadApi>;
type Extra = Exclude<keyof PreloadApi, keyof DesktopApi>;
const noneMissing: [Missing] extends [never] ? true : Missing = true;
const noneExtra: [Extra] extends [never] ? true : Extra = true;
// Every method of the preload can stand where the renderer expects DesktopApi's.
const assignable = (api: PreloadApi): DesktopApi => api;

describe('preload API', () => {
  it('exposes exactly the DesktopApi methods (checked by the type-check)', () => {
    expect([noneMissing, noneExtra, typeof assignable]).toEqual([true, true, 'function']);
  });
});

/**
 * A sandboxed preload can require only 'electron', so it keeps its own copy of the channel names;
 * a name that differs from main's would be a call nobody answers. Read as text: the preload
 * cannot be loaded outside Electron.
 */
describe('preload channel names', () => {
  it('are main\'s IpcChannel, name for name', () => {
    const source = readFileSync(new URL('../../../electron/preload.cts', import.meta.url), 'utf8');
    const block = /const Channel = \{([^}]*)\} as const;/.exec(source)?.[1] ?? '';
    const copied = Object.fromEntries([...block.matchAll(/^\s*(\w+): '([^']+)',$/gm)].map(([, key, value]) => [key, value]));
    expect(copied).toEqual(IpcChannel);
  });
});
