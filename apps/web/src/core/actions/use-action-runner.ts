import { AREAS, type AreaName } from '@roam/contract/areas';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { actionFailureMessage } from '../../lib/action-failure';
import { apiRequest } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { notify } from '../../lib/notify';
import { areaQueryKeys } from '../area-query-keys';
import type {
  ActionRequest,
  ConfirmAction,
  ListRow,
  PopupAction,
  RowAction,
} from '../lists/list-declaration';
import { bulkSummary, runInBatches } from './action-summary';

/** How many calls of a bulk action are in flight at once. */
const BULK_CALLS_AT_ONCE = 3;

type Pending<Row> = { action: RowAction<Row>; rows: readonly Row[] } | null;

export type ActionRunnerOptions<Row> = {
  area: AreaName;
  /** How a record is named in a bulk summary's failures. */
  rowName: (row: Row) => string;
  /** After a confirmed action ran (whatever its outcome) or a popup's change is done. */
  onFinished?: (outcome: { action: RowAction<Row>; succeeded: readonly Row[] }) => void;
};

/**
 * The one way a record action runs, wherever it was chosen (a row menu, the bulk bar, a detail
 * page's header): the action waiting for its confirmation or popup, the call (one, or each
 * selected record's a few at a time), the message (the action's own for one record, one summary
 * for several), and the reload of the area and the analytics. A refused call (403) has already
 * shown the Unauthorized Access popup; any other failure of one record keeps its dialog open with
 * the server's reason.
 */
export function useActionRunner<Row extends ListRow>({
  area,
  rowName,
  onFinished,
}: ActionRunnerOptions<Row>) {
  const { module, labels } = AREAS[area];
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending<Row>>(null);
  const [isRunning, setRunning] = useState(false);

  const send = (request: ActionRequest) =>
    apiRequest(request.path, {
      method: request.method,
      query: request.query,
      json: request.json,
      accessType: module,
    });

  /** After a change: every list and item of the area, and the analytics counters. */
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: areaQueryKeys.all(area) }),
      queryClient.invalidateQueries({ queryKey: ['analytics'] }),
    ]);
  };

  const finish = async (action: RowAction<Row>, succeeded: readonly Row[]) => {
    setPending(null);
    onFinished?.({ action, succeeded });
    await refresh();
  };

  const runOne = async (action: ConfirmAction<Row>, row: Row) => {
    try {
      await send(action.request(row));
      notify('success', action.successMessage);
      await finish(action, [row]);
    } catch (error) {
      if (isApiError(error) && error.isHandled) setPending(null);
      else notify('error', actionFailureMessage(error));
    }
  };

  const runMany = async (action: ConfirmAction<Row>, rows: readonly Row[]) => {
    const outcomes = await runInBatches(rows, BULK_CALLS_AT_ONCE, (row) => send(action.request(row)));
    const succeeded = rows.filter((_, index) => outcomes[index]?.status === 'fulfilled');
    const failures = outcomes.flatMap((outcome, index) =>
      outcome.status === 'rejected'
        ? [{ name: rowName(rows[index] as Row), reason: failureReason(outcome.reason) }]
        : [],
    );
    const summary = bulkSummary({
      label: action.label,
      done: action.done,
      noun: labels.noun,
      nouns: labels.nouns,
      succeeded: succeeded.length,
      failures,
    });
    notify(failures.length === 0 ? 'success' : 'error', summary);
    await finish(action, succeeded);
  };

  const confirm = async () => {
    if (pending?.action.kind !== 'confirm' || isRunning) return;
    const { action, rows } = pending as { action: ConfirmAction<Row>; rows: readonly Row[] };
    setRunning(true);
    try {
      if (rows.length === 1) await runOne(action, rows[0] as Row);
      else await runMany(action, rows);
    } finally {
      setRunning(false);
    }
  };

  return {
    pendingConfirm:
      pending?.action.kind === 'confirm'
        ? (pending as { action: ConfirmAction<Row>; rows: readonly Row[] })
        : null,
    pendingPopup:
      pending?.action.kind === 'popup' && pending.rows[0]
        ? { action: pending.action as PopupAction<Row>, row: pending.rows[0] }
        : null,
    isRunning,
    /** An action chosen for one record (a row menu, a detail page). */
    choose: (action: RowAction<Row>, row: Row) => setPending({ action, rows: [row] }),
    /** A confirm action chosen for every selected record (the bulk bar). */
    chooseForAll: (action: ConfirmAction<Row>, rows: readonly Row[]) => setPending({ action, rows }),
    cancel: () => setPending(null),
    confirm: () => void confirm(),
    /** A popup's change is done: close it and reload. */
    finishPopup: () => {
      const action = pending?.action;
      if (action) void finish(action, pending.rows);
    },
  };
}

export type ActionRunner<Row extends ListRow> = ReturnType<typeof useActionRunner<Row>>;

/** A failed record's reason in a summary: the server's words when it refused, else the generic message. */
function failureReason(error: unknown): string {
  return isApiError(error) && error.isHandled ? error.message : actionFailureMessage(error);
}
