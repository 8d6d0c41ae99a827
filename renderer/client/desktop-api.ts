/**
 * The API the Electron preload exposes as `window.catastro` (contextBridge): one method per
 * operation of the table (core/model/operations.ts), each taking the operation's one input object
 * and answering an IpcResult, plus the drag and main's pushes. Shared as a type only: the preload
 * implements it, IpcClient consumes it.
 */
import type { HazardLayerProgress, ImportProgress, IpcResult, OfflineProgress } from '../../core/model/index.js';
import type { MenuCommand } from '../../core/model/menu-command.js';
import type { OperationApi } from '../../core/model/operations.js';

export type { IpcResult };

export type DesktopApi = OperationApi & {
  /** Starts an OS drag of the file prepareDrag wrote (it must start while the mouse button is down). */
  startDrag(input: { refcat: string; country?: string; format: 'kml' | 'gpx' }): void;
  /** Subscribes to main-process pushes; the signal unsubscribes. */
  on(event: 'import-progress', listener: (progress: ImportProgress) => void, options?: { signal?: AbortSignal }): void;
  on(event: 'offline-progress', listener: (progress: OfflineProgress) => void, options?: { signal?: AbortSignal }): void;
  on(event: 'layer-import-progress', listener: (progress: HazardLayerProgress) => void, options?: { signal?: AbortSignal }): void;
  on(event: 'menu', listener: (command: MenuCommand) => void, options?: { signal?: AbortSignal }): void;
};

/** Menu items main forwards to the renderer (File, View), declared once in core/model. */
export type { MenuCommand };

declare global {
  interface Window {
    catastro?: DesktopApi;
  }
}
