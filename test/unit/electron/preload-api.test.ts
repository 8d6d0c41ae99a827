import { describe, expect, it, vi } from 'vitest';
import { OPERATIONS } from '../../../core/model/operations.js';
import type { PreloadApi } from '../../../electron/preload.js';
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
 * The preload is derived from the operation table, as main's handlers are: each of its methods
 * sends its one input object on the channel main registered for that operation. Loaded with
 * `electron` replaced by recorders of what each side registers and sends.
 */
const electron = vi.hoisted(() => ({
  exposed: new Map<string, Record<string, (...args: unknown[]) => unknown>>(),
  invoked: [] as [string, unknown][],
  handled: new Set<string>(),
}));
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: Record<string, (...args: unknown[]) => unknown>) => electron.exposed.set(key, api) },
  ipcRenderer: {
    invoke: async (channel: string, input: unknown) => {
      electron.invoked.push([channel, input]);
    },
    send: () => undefined,
    on: () => undefined,
  },
  ipcMain: {
    handle: (channel: string) => electron.handled.add(channel),
    removeHandler: () => undefined,
    on: () => undefined,
    removeAllListeners: () => undefined,
  },
  app: {},
  dialog: {},
  BrowserWindow: {},
}));

describe('preload channels', () => {
  it('every operation of the table reaches a handler main registered, with its input as sent', async () => {
    await import('../../../electron/preload.js');
    const { setupIpc } = await import('../../../electron/ipc-handlers.js');
    setupIpc({
      service: {} as never,
      localApi: {} as never,
      dragIcon: {} as never,
      busy: {} as never,
      isAppSender: () => true,
      teamStore: { view: () => ({}) as never, change: async () => ({}) as never },
      datafordelerKey: { view: () => ({}) as never, change: async () => ({}) as never },
      shellLanguage: { text: () => ({}) as never, choose: () => 'en' },
    });
    const api = electron.exposed.get('catastro')!;
    for (const name of Object.keys(OPERATIONS)) {
      const input = { asked: name };
      await api[name](input);
      const [channel, sent] = electron.invoked.at(-1)!;
      expect([name, sent]).toEqual([name, input]);
      expect(electron.handled.has(channel), `${name} on ${channel}`).toBe(true);
    }
    expect(electron.handled.size).toBe(Object.keys(OPERATIONS).length);
  });
});
