/**
 * The Electron main process's IPC without an Electron binary: a test replaces `electron` with
 * `vi.mock('electron', async () => ({ ipcMain: (await import('…/ipc-recorder.js')).recordingIpcMain, … }))`
 * and calls the handlers the code under test registered as a window would. This module imports
 * nothing from electron/, so the mock's factory can load it.
 */
type IpcHandler = (event: unknown, ...args: unknown[]) => Promise<unknown>;

/** The handlers registered through recordingIpcMain, by channel. */
export const ipcHandlers = new Map<string, IpcHandler>();

/** `ipcMain` recording `handle` into ipcHandlers (listeners are not needed by the tests). */
export const recordingIpcMain = {
  handle: (channel: string, handler: IpcHandler) => ipcHandlers.set(channel, handler),
  removeHandler: (channel: string) => ipcHandlers.delete(channel),
  on: () => undefined,
  removeAllListeners: () => undefined,
};

/** A window's webContents: its main frame, and what the main process pushed to it. */
export function fakeWebContents() {
  return {
    mainFrame: {},
    sent: [] as [string, unknown][],
    isDestroyed: () => false,
    send(channel: string, payload: unknown) {
      this.sent.push([channel, payload]);
    },
  };
}
export type FakeWebContents = ReturnType<typeof fakeWebContents>;

/** Calls the handler of `channel` from `sender`'s main frame, as the preload's invoke does. */
export function invokeFrom(sender: FakeWebContents, channel: string, input?: unknown): Promise<any> {
  const handler = ipcHandlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  return handler({ sender, senderFrame: sender.mainFrame }, input);
}
