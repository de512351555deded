import { ActionIcon, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import type { DetailAreaName } from '@roam/contract/areas';
import { AREAS } from '@roam/contract/areas';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { type MouseEvent, type ReactNode, useEffect } from 'react';
import { AnchorLink } from '../../components/anchor-link';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { StatusBadge } from '../../components/status-badge';
import { isApiError } from '../../lib/api-error';
import type { StaticPath } from '../../lib/app-paths';
import { canMe, meQueryOptions } from '../../lib/me';
import { RecordActions } from '../actions/record-actions';
import type { DetailDeclaration } from './detail-declaration';
import { detailQueryOptions } from './detail-query';
import { ImageCarousel } from './image-carousel';
import { LoadFailure, NoAccess } from './load-failure';

type DetailPageProps<Area extends DetailAreaName> = {
  declaration: DetailDeclaration<Area>;
  /** The item's id, from the route. */
  id: string;
  /** The area's list: the way back when the page was opened directly. */
  listPath: StaticPath;
  /** The open tab's value, from the URL; an unknown one opens the first tab. */
  tab?: string;
  /** Writes the open tab to the URL. */
  onTabChange: (tab: string | undefined) => void;
};

/**
 * The one detail layout (DESIGN §1): the way back to the area's list (back control and breadcrumb),
 * the item's name as the h1 and the document's title, its status and the area's row actions,
 * photos, a summary and tabs (the open one in the URL), all from an area's declaration. An unknown (or malformed) id shows a clear
 * not-found state with a link to the list; a refused read shows 'You dont have access' and keeps
 * the admin signed in.
 */
export function DetailPage<Area extends DetailAreaName>({
  declaration,
  id,
  listPath,
  tab,
  onTabChange,
}: DetailPageProps<Area>) {
  const { labels, module } = AREAS[declaration.area];
  const meQuery = useQuery(meQueryOptions());
  const canRead = canMe(meQuery.data, module, 'read');
  const itemQuery = useQuery({ ...detailQueryOptions(declaration.area, id), enabled: canRead && id !== '' });
  const back = <BackControl fallback={listPath} />;
  const tabValues = (declaration.tabs ?? []).map((each) => tabValue(each.label));
  const isUnknownTab = tab !== undefined && !tabValues.includes(tab);
  // An unknown tab (an old or mistyped link) opens the first one and is dropped from the URL.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a newly unknown tab triggers it
  useEffect(() => {
    if (isUnknownTab) onTabChange(undefined);
  }, [isUnknownTab]);

  if (meQuery.isPending || (canRead && itemQuery.isPending && id !== '')) return <PageLoader />;

  const status = isApiError(itemQuery.error) ? itemQuery.error.status : undefined;
  if (!canRead || status === 403) {
    return (
      <>
        <PageHeader title={labels.title} leading={back} />
        <NoAccess />
      </>
    );
  }
  if (id === '' || status === 404 || status === 400)
    return <NotFound noun={labels.noun} listTitle={labels.title} listPath={listPath} back={back} />;
  if (!itemQuery.data) {
    return (
      <>
        <PageHeader title={labels.title} leading={back} />
        <LoadFailure error={itemQuery.error} />
      </>
    );
  }

  const item = itemQuery.data;
  const name = declaration.title(item);
  const tabs = declaration.tabs ?? [];
  const openTab = tab !== undefined && !isUnknownTab ? tab : tabValues[0];
  return (
    <>
      <PageHeader
        title={name}
        crumbs={[{ label: labels.title, to: listPath }]}
        leading={back}
        actions={
          <Group gap="sm" wrap="wrap">
            {declaration.status ? <StatusBadge status={declaration.status(item)} /> : null}
            {declaration.actions ? (
              <RecordActions
                area={declaration.area}
                row={item}
                name={name}
                actions={declaration.actions}
                listPath={listPath}
              />
            ) : null}
          </Group>
        }
      />
      <Stack gap="lg">
        {declaration.images ? <ImageCarousel images={declaration.images(item)} name={name} /> : null}
        {declaration.header ? declaration.header(item) : null}
        {declaration.body ? declaration.body(item) : null}
        {openTab ? (
          <Tabs value={openTab} onChange={(value) => onTabChange(value ?? undefined)} keepMounted={false}>
            <Tabs.List aria-label={`${capitalize(labels.noun)} sections`}>
              {tabs.map((tab) => (
                <Tabs.Tab key={tab.label} value={tabValue(tab.label)}>
                  {tab.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {tabs.map((tab) => (
              <Tabs.Panel key={tab.label} value={tabValue(tab.label)} pt="md">
                <Paper withBorder radius="md" p="md">
                  {tab.render(item)}
                </Paper>
              </Tabs.Panel>
            ))}
          </Tabs>
        ) : null}
      </Stack>
    </>
  );
}

/** Back to where the admin came from, or to the area's list when the page was opened directly. */
function BackControl({ fallback }: { fallback: StaticPath }) {
  const router = useRouter();
  const onClick = (event: MouseEvent) => {
    if (!router.history.canGoBack()) return;
    event.preventDefault();
    router.history.back();
  };
  return (
    <ActionIcon component={Link} to={fallback} onClick={onClick} variant="subtle" size="lg" aria-label="Back">
      <IconArrowLeft aria-hidden />
    </ActionIcon>
  );
}

function NotFound(props: { noun: string; listTitle: string; listPath: StaticPath; back: ReactNode }) {
  return (
    <>
      <PageHeader title="Not found" leading={props.back} />
      <Stack gap="sm" align="flex-start">
        <Text>This {props.noun} does not exist, or its link is wrong.</Text>
        <AnchorLink to={props.listPath}>Back to {props.listTitle}</AnchorLink>
      </Stack>
    </>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A tab's value becomes part of element ids (aria-controls, aria-labelledby): no spaces. */
function tabValue(label: string): string {
  return label.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}
