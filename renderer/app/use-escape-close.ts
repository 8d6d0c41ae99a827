import { useEffect, useRef } from 'react';

/**
 * Escape closes a modal dialog (WAI-ARIA dialog pattern), also from inside its text fields. The
 * key is taken in the capture phase and stopped there, so the app-wide Escape (which clears the
 * selection and the search) does not also act on what lies behind the dialog. `open` false: the
 * dialog is not shown and the key is left alone; `closable` false (e.g. while a download runs)
 * keeps the dialog open and still swallows the key.
 */
export function useEscapeClose(open: boolean, close: () => void, closable = true): void {
  const latest = useRef({ open, close, closable });
  latest.current = { open, close, closable };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !latest.current.open) return;
      event.stopPropagation();
      if (latest.current.closable) latest.current.close();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
