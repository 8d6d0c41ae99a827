import { IPC_EVENTS, OPERATIONS, START_DRAG_CHANNEL, ipcChannelOf, type OperationName } from '../core/model/operations.js';

/**
 * Every IPC channel between preload and main, derived from the operation table
 * (core/model/operations.ts) that both sides import: one per operation, plus the pushes main sends
 * and the drag the window starts. Main registers handlers only for these names.
 */
export const IpcChannel = {
  ...(Object.fromEntries(Object.keys(OPERATIONS).map((name) => [name, ipcChannelOf(name as OperationName)])) as Record<OperationName, string>),
  startDrag: START_DRAG_CHANNEL,
  importProgress: IPC_EVENTS['import-progress'],
  offlineProgress: IPC_EVENTS['offline-progress'],
  layerImportProgress: IPC_EVENTS['layer-import-progress'],
  menu: IPC_EVENTS.menu,
} as const;
