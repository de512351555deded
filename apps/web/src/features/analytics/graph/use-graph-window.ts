import {
  addDays,
  addPeriods,
  DEFAULT_GRAPH_TYPE,
  GRAPH_WINDOW_LENGTH,
  type GraphType,
  type GraphWindow,
  periodStartOf,
  todayOf,
} from '@roam/contract/analytics';
import { useState } from 'react';

export type GraphWindowController = {
  window: GraphWindow;
  /** The window's first and last days (the last is today while the window reaches the present). */
  firstDay: string;
  lastDay: string;
  length: number;
  canGoLater: boolean;
  setType: (type: GraphType) => void;
  goEarlier: () => void;
  goLater: () => void;
};

/**
 * The graph page's window (SPEC §9): granularity daily, monthly (default) or yearly; 15 days,
 * 5 months or 3 years ending with the current period; the arrows move it by its own length, never
 * past the present. A new granularity starts again at the present.
 */
export function useGraphWindow(today: string = todayOf()): GraphWindowController {
  const [type, setTypeState] = useState<GraphType>(DEFAULT_GRAPH_TYPE);
  const current = periodStartOf(type, today);
  const [last, setLast] = useState(current);
  const length = GRAPH_WINDOW_LENGTH[type];
  const first = addPeriods(type, last, -(length - 1));
  const periodEnd = addDays(addPeriods(type, last, 1), -1);
  return {
    window: { type, first, last },
    firstDay: first,
    lastDay: periodEnd < today ? periodEnd : today,
    length,
    canGoLater: last < current,
    setType: (next) => {
      setTypeState(next);
      setLast(periodStartOf(next, today));
    },
    goEarlier: () => setLast(addPeriods(type, last, -length)),
    goLater: () => {
      const next = addPeriods(type, last, length);
      setLast(next < current ? next : current);
    },
  };
}
