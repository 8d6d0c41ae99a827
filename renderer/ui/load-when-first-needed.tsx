import { Suspense, lazy, useState, type ComponentType } from 'react';

/**
 * A component whose code is fetched the first time it is needed, then kept mounted as it was
 * before the split (a dialog keeps its state while closed). The map and the first panel load
 * without the dialogs, tables and charts: on a field laptop the bundle's parse time is most of
 * the first seconds.
 */
export function loadWhenFirstNeeded<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props & { needed: boolean }> {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LoadedWhenNeeded({ needed, ...props }: Props & { needed: boolean }) {
    const [wanted, setWanted] = useState(needed);
    if (needed && !wanted) setWanted(true);
    if (!wanted && !needed) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...(props as Props)} />
      </Suspense>
    );
  };
}

/** The same, for a part that is shown only while needed (a table, a chart): nothing kept when hidden. */
export function loadWhenShown<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LoadedWhenShown(props: Props) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
