import { useEffect } from 'react';
import { USelection } from '../state/selection.js';
import { useAppStore } from '../state/store.js';

/** Escape outside a text field clears the selection (QGIS identify: Escape drops the results). */
export function useEscapeDeselect(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable);
      if (event.key !== 'Escape' || typing) return;
      useAppStore.getState().select(USelection.none());
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
