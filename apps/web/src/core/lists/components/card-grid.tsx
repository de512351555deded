import { SimpleGrid, Text } from '@mantine/core';
import { MESSAGES } from '@roam/contract/messages';
import type { ReactNode } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { PagingFooter, type TablePaging } from '../../tables/paging-footer';
import type { ListRow } from '../list-declaration';
import type { ListController } from '../use-list-controller';

type CardGridProps<Row extends ListRow> = {
  list: ListController<Row>;
  paging: TablePaging;
  renderCard: (row: Row) => ReactNode;
};

/** The list as cards (promo banners), with the same total and paging as the table. */
export function CardGrid<Row extends ListRow>({ list, paging, renderCard }: CardGridProps<Row>) {
  if (list.isLoading) return <PageLoader />;
  return (
    <>
      {list.rows.length === 0 ? (
        <Text ta="center" c="dimmed" py="xl">
          {MESSAGES.noData}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
          {list.rows.map((row) => (
            <div key={row._id}>{renderCard(row)}</div>
          ))}
        </SimpleGrid>
      )}
      <PagingFooter paging={paging} />
    </>
  );
}
