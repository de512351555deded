import { Button } from '@mantine/core';
import {
  type DownloadFilters,
  type DownloadType,
  PDF_ROW_LIMIT,
  PDF_TOO_LARGE,
} from '@roam/contract/downloads';
import type { CountKind } from '@roam/contract/lists';
import type { PermissionModule } from '@roam/contract/permissions';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PopupOnDemand } from '../../components/popup-on-demand';
import { formatCount } from '../lists/list-query';
import { requestDownload } from './downloads';

const TYPES: { type: DownloadType; label: string }[] = [
  { type: 'csv', label: 'CSV' },
  { type: 'xlsx', label: 'Excel (XLSX)' },
  { type: 'pdf', label: 'PDF' },
];

type DownloadMenuProps = {
  module: PermissionModule;
  /** The selected rows' ids; none for every row the filters match. */
  selectedIds: string[];
  /** The list's filters as it sent them. */
  filters: DownloadFilters;
  /** How many rows the filters match (for the label and the PDF limit), and whether that is exact. */
  matching: number;
  countKind: CountKind;
};

/**
 * The bulk download menu of a list (SPEC §2): the selected rows, or every row matching the list's
 * filters, as CSV, Excel or PDF. The job runs in the background; the header's downloads list shows
 * its progress and the file opens when it is done.
 */
export function DownloadMenu({ module, selectedIds, filters, matching, countKind }: DownloadMenuProps) {
  const queryClient = useQueryClient();
  const [isAsking, setAsking] = useState(false);
  const count = selectedIds.length > 0 ? selectedIds.length : matching;
  const scope =
    selectedIds.length > 0
      ? `${selectedIds.length} selected`
      : `All ${formatCount(matching, countKind)} matching`;

  const ask = async (type: DownloadType) => {
    setAsking(true);
    try {
      await requestDownload(queryClient, { module, type, ids: selectedIds, filters });
    } finally {
      setAsking(false);
    }
  };

  return (
    <PopupOnDemand
      kind="menu"
      trigger={
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
          rightSection={<IconChevronDown size={16} aria-hidden />}
          loading={isAsking}
          disabled={count === 0}
        >
          Download
        </Button>
      }
    >
      {({ target, kit: { Menu }, ...popup }) => (
        <Menu position="bottom-end" withinPortal {...popup}>
          <Menu.Target>{target}</Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{scope} rows</Menu.Label>
            {TYPES.map(({ type, label }) => {
              const isTooLarge = type === 'pdf' && count > PDF_ROW_LIMIT;
              return (
                <Menu.Item
                  key={type}
                  disabled={isTooLarge}
                  title={isTooLarge ? PDF_TOO_LARGE : undefined}
                  onClick={() => void ask(type)}
                >
                  {label}
                </Menu.Item>
              );
            })}
          </Menu.Dropdown>
        </Menu>
      )}
    </PopupOnDemand>
  );
}
