// Bundled into one CommonJS script (electron/preload.vite.config.ts): a sandboxed preload can
// require only 'electron', so the operation table it is derived from is compiled into it.
// Exposes one narrow method per operation as window.catastro; never ipcRenderer itself.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  IPC_EVENTS,
  OPERATIONS,
  START_DRAG_CHANNEL,
  ipcChannelOf,
  type IpcEventName,
  type OperationApi,
  type OperationName,
} from '../core/model/operations.js';

/** One method per operation of the table: its one input object to its channel, the IpcResult back. */
const operations = Object.fromEntries(
  Object.keys(OPERATIONS).map((name) => {
    const channel = ipcChannelOf(name as OperationName);
    return [name, (input?: unknown) => ipcRenderer.invoke(channel, input)];
  }),
) as OperationApi;

const api = {
  ...operations,
  startDrag: (input: { refcat: string; country?: string; format: 'kml' | 'gpx' }) => ipcRenderer.send(START_DRAG_CHANNEL, input),
  // `never`: each push event's listener takes its own payload type (DesktopApi.on's overloads).
  on: (event: IpcEventName, listener: (payload: never) => void, options?: { signal?: AbortSignal }) => {
    const channel = IPC_EVENTS[event];
    if (!channel) throw new Error(`Unknown event ${String(event)}`);
    // Only the payload crosses over: the renderer never sees the IpcRendererEvent (it holds `sender`).
    const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload as never);
    ipcRenderer.on(channel, forward);
    options?.signal?.addEventListener('abort', () => ipcRenderer.removeListener(channel, forward), { once: true });
  },
};

/** The exposed object's type: test/unit/electron/preload-api.test.ts checks it against the renderer's DesktopApi. */
export type PreloadApi = typeof api;

contextBridge.exposeInMainWorld('catastro', api);
