import { useEffect } from 'react';
import { USelection } from '../state/selection.js';
import { useAppStore } from '../state/store.js';
import { useToolStore } from '../tools/tool-store.js';

/**
 * Escape outside a text field clears the selection (QGIS identify: Escape drops the results).
 * While a map tool is active (a measure, a drawn selection) Escape first ends that tool, as in
 * every drawing program: the parcel selected before the measure stays selected.
 */
export function useEscapeDeselect(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable);
      if (event.key !== 'Escape' || typing) return;
      const tools = useToolStore.getState();
      if (tools.mode !== 'none') {
        tools.setMode('none');
        return;
      }
      useAppStore.getState().select(USelection.none());
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
