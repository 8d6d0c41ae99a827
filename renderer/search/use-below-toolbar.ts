import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Where a popover under the search box must start so it hides no toolbar control: below the
 * toolbar's last row. In a narrow window the toolbar wraps (Offline areas…, Settings on a second
 * row) and a popover at the box's own bottom lay over them until dismissed. Measured because the
 * wrap depends on the window's width and the labels' language; undefined leaves the CSS default.
 */
export function useBelowToolbar(anchor: RefObject<HTMLElement | null>, shown: boolean): number | undefined {
  const [top, setTop] = useState<number>();
  useLayoutEffect(() => {
    const box = anchor.current;
    const toolbar = box?.closest('.toolbar');
    if (!shown || !box || !toolbar) return;
    const measure = () => setTop(Math.max(box.offsetHeight, toolbar.getBoundingClientRect().bottom - box.getBoundingClientRect().top));
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined; // jsdom: measured once
    const observer = new ResizeObserver(measure);
    observer.observe(toolbar);
    return () => observer.disconnect();
  }, [anchor, shown]);
  return shown ? top : undefined;
}
