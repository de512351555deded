import { AREAS, type AreaName } from '@roam/contract/areas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { ListRow } from '../lists/list-declaration';
import type { ActionRunner } from './use-action-runner';

/**
 * What a chosen action opens, wherever it was chosen: the confirm dialog (about one record or
 * 'these 3 cafes') or the action's own popup.
 */
export function ActionDialogs<Row extends ListRow>({
  area,
  runner,
}: {
  area: AreaName;
  runner: ActionRunner<Row>;
}) {
  const { noun, nouns } = AREAS[area].labels;
  const confirm = runner.pendingConfirm;
  const count = confirm?.rows.length ?? 0;
  return (
    <>
      <ConfirmDialog
        action={confirm?.action.label ?? null}
        page={noun}
        many={count > 1 ? { count, pages: nouns } : undefined}
        isBusy={runner.isRunning}
        onCancel={runner.cancel}
        onConfirm={runner.confirm}
      />
      {runner.pendingPopup?.action.render({
        row: runner.pendingPopup.row,
        onClose: runner.cancel,
        onDone: runner.finishPopup,
      })}
    </>
  );
}
