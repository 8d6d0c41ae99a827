import { useSyncExternalStore } from 'react';

/**
 * How many modal dialogs are open. A modal dialog makes everything behind it inert and draws
 * over it, so the error banner shows inside the open dialog instead of the app's own (ErrorBanner).
 */
let openModals = 0;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function modalOpened(): () => void {
  openModals++;
  notify();
  return () => {
    openModals--;
    notify();
  };
}

export function useModalOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => openModals > 0,
  );
}
