import { useCallback, useEffect, useRef, useState } from 'react';
import { whenIdle } from './use-when-idle';

/**
 * A module the page does without until it is reached for (the calendar, a searchable select, the
 * kit's popups): its file is not among the page's, and it is asked for once the browser is idle or
 * at once when the admin reaches for what needs it.
 */
export type LazyModule<M> = {
  /** The module, once it is here. */
  current: () => M | undefined;
  /** Asks for it once; a failed load (a dropped connection) is asked again next time. */
  load: () => Promise<M>;
};

export function lazyModule<M>(importer: () => Promise<M>): LazyModule<M> {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  return {
    current: () => loaded,
    load() {
      loading ??= importer().then(
        (module) => {
          loaded = module;
          return module;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}

/**
 * The module for this component: here at once if an earlier one loaded it, else asked for when the
 * browser is idle, or with `want()` (a press, a focus) before that. A component that renders
 * nothing of it until it is needed (a closed popup, a field's stand-in) says `isNeeded` false: the
 * module is still fetched once idle, but its arrival does not render the component again (twenty
 * row menus would all render again for code none of them shows); `want()` hands it over.
 */
export function useLazyModule<M>(
  module: LazyModule<M>,
  isNeeded = true,
): { loaded: M | undefined; want: () => void } {
  const [loaded, setLoaded] = useState(module.current);
  // A load that lands after the component has gone (a page left, a test's document torn down) sets
  // nothing: React would reach for a window that may no longer be there.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const want = useCallback(() => {
    // A failed load changes nothing: the next idle moment or reach asks again.
    module.load().then(
      (here) => {
        if (mounted.current) setLoaded(() => here);
      },
      () => {},
    );
  }, [module]);
  useEffect(() => {
    if (loaded) return;
    return whenIdle(isNeeded ? want : () => module.load().catch(() => {}));
  }, [loaded, want, isNeeded, module]);
  return { loaded, want };
}
