import { projections } from '../geo/projections.js';
import { formatDate } from '../i18n/format.js';
import { useAppStore } from '../state/store.js';

/**
 * Once the first view's parcels are drawn, when the page is next idle: the code a first click or
 * search needs and the entry leaves out (proj4 for the panel's UTM line, the units table), so that
 * it does not wait for those chunks (docs/performance.md "Renderer"); and the panel's date format,
 * whose first Intl.DateTimeFormat loads ICU's date data (about 100 ms of a busy laptop's CPU).
 * One idle callback each, and none while a lookup is in flight: its answer and panel come first.
 */
const STEPS: (() => void)[] = [
  () => projections.load().catch(() => undefined),
  () => import('../units/UnitsTable.js').catch(() => undefined),
  () => formatDate('2026-01-01'),
];

const whenIdle = (run: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 2_000 }) : setTimeout(run, 200));

/** Calls `then` once the lookup in flight has settled. */
function afterLookup(then: () => void): void {
  const unsubscribe = useAppStore.subscribe((state) => {
    if (state.parcelStatus === 'loading') return;
    unsubscribe();
    then();
  });
}

export function prefetchAfterFirstView(steps = [...STEPS]): void {
  if (steps.length === 0) return;
  whenIdle(() => {
    // A lookup in flight: the step waits for its answer, then for the page to be idle again.
    if (useAppStore.getState().parcelStatus === 'loading') return afterLookup(() => prefetchAfterFirstView(steps));
    steps.shift()!();
    prefetchAfterFirstView(steps);
  });
}
