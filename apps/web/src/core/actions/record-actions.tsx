import { Button, Group } from '@mantine/core';
import type { AreaName } from '@roam/contract/areas';
import { AREAS } from '@roam/contract/areas';
import type { AdminMe } from '@roam/contract/entities';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { readableTextColor } from '../../components/status-badge';
import type { StaticPath } from '../../lib/app-paths';
import { meQueryOptions } from '../../lib/me';
import { allowedActions, type ListRow, type RowAction } from '../lists/list-declaration';
import { ActionDialogs } from './action-dialogs';
import { useActionRunner } from './use-action-runner';

export type RecordActionsProps<Row extends ListRow> = {
  area: AreaName;
  /** The record the page shows, passed to the area's list actions as their row. */
  row: Row;
  name: string;
  /** The area's row actions, from its list declaration (the same permissions and confirmations). */
  actions: readonly RowAction<Row>[];
  isActionable?: (row: Row, me: AdminMe | undefined) => boolean;
  /** A button's own wording where SPEC gives one ('Inactivate User'), by action key. */
  labels?: Partial<Record<string, string>>;
  /** Where a removed record's page goes: the area's list. */
  listPath: StaticPath;
};

/**
 * What a record page's header offers (Activate, Inactivate, Delete, Edit where the area has it):
 * the area's list actions this admin may take on the record, run by the same action runner as the
 * list. After a removal the page goes back to the area's list; after any other change the record
 * reloads with its new status.
 */
function useRecordActions<Row extends ListRow>({
  area,
  row,
  name,
  actions,
  isActionable,
  listPath,
}: RecordActionsProps<Row>) {
  const me = useQuery(meQueryOptions()).data;
  const navigate = useNavigate();
  const runner = useActionRunner<Row>({
    area,
    rowName: () => name,
    onFinished: ({ action, succeeded }) => {
      if (action.kind === 'confirm' && action.isRemoval && succeeded.length > 0)
        void navigate({ to: listPath });
    },
  });
  return { allowed: allowedActions(actions, row, me, { module: AREAS[area].module, isActionable }), runner };
}

export function RecordActions<Row extends ListRow>(props: RecordActionsProps<Row>) {
  const { allowed, runner } = useRecordActions(props);
  if (allowed.length === 0) return null;
  return (
    <>
      <Group gap="xs" wrap="wrap" role="group" aria-label={`Actions for ${props.name}`}>
        {allowed.map((action) => (
          <Button
            key={action.key}
            variant={action.color ? 'light' : 'default'}
            color={action.color}
            c={action.color ? readableTextColor(action.color) : undefined}
            onClick={() => runner.choose(action, props.row)}
          >
            {props.labels?.[action.key] ?? action.label}
          </Button>
        ))}
      </Group>
      <ActionDialogs area={props.area} runner={runner} />
    </>
  );
}
