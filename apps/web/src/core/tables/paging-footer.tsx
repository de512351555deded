import { Group, Pagination, Text } from '@mantine/core';
import { pageCount } from '@roam/contract/lists';
import { paginationControlProps, paginationItemProps } from '../../lib/pagination-labels';

/** A page of rows: which one, how many per page, how many in all, and the line beside the pages. */
export type TablePaging = {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** 'Total Records Found: 12', '1–20 of 31'. */
  text: (range: { from: number; to: number; totalRecords: number }) => string;
};

export const pageRange = ({ page, pageSize, total }: TablePaging) => ({
  from: Math.min(total, (page - 1) * pageSize + 1),
  to: Math.min(total, page * pageSize),
  totalRecords: total,
});

/** The total and the pages under cards (stacked rows, promo banners); they wrap on a narrow screen. */
export function PagingFooter({ paging }: { paging: TablePaging }) {
  return (
    <Group justify="space-between" mt="md" gap="sm" wrap="wrap">
      <Text size="sm">{paging.text(pageRange(paging))}</Text>
      <Pagination
        total={pageCount(paging.total, paging.pageSize)}
        value={paging.page}
        onChange={paging.onPageChange}
        size="sm"
        siblings={0}
        getControlProps={paginationControlProps}
        getItemProps={paginationItemProps}
      />
    </Group>
  );
}
