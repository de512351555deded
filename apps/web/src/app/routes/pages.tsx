import { AREAS, type DetailAreaName, type DetailItem } from '@roam/contract/areas';
import type { ListSearch } from '@roam/contract/lists';
import { urlMatching, urlSearch } from '@roam/contract/url-search';
import { lazyRouteComponent, useNavigate } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import type { DetailDeclaration } from '../../core/details/detail-declaration';
import { detailQueryOptions } from '../../core/details/detail-query';
import { preloadFirstPhoto } from '../../core/details/first-photo';
import type { AnyListDeclaration } from '../../core/lists/list-declaration';
import { prefetchReadable } from '../../lib/me';
import { LIST_PATHS } from '../layout/list-paths';
import type { RouterContext } from './root';

/**
 * What a route renders, each loaded on demand so the sign-in page downloads only the shared runtime
 * and its form. A route passes its own typed params and search through a small hook written where
 * the route is declared (`(): string => cafeDetail.useParams().id`), so no page reads the URL
 * untyped.
 */
type Loaded<T> = () => Promise<{ default: T }>;

/** What a list route gives its list: the URL's filters and, on a per-user list, the user. */
export type ListRouteState = { search: ListSearch; userId?: string };

/** The one list screen with an area's list declaration. */
export function listPage(
  title: string,
  load: Loaded<AnyListDeclaration>,
  useRouteState: () => ListRouteState,
) {
  return lazyRouteComponent(async () => {
    const [{ ListPage }, { default: declaration }] = await Promise.all([
      import('../../core/lists/components/list-page'),
      load(),
    ]);
    return {
      default: function AreaListPage() {
        const { search, userId } = useRouteState();
        const navigate = useNavigate();
        return (
          <ListPage
            declaration={declaration}
            title={title}
            search={search}
            userId={userId}
            onSearchChange={(update) => void navigate({ to: '.', search: update })}
          />
        );
      },
    };
  });
}

/**
 * A detail route's search: the open tab (a tab's value, as the page writes it). Anything not shaped
 * like one is dropped here; a well-shaped value the page has no tab for is dropped by the page.
 */
export const readDetailSearch = urlSearch({ tab: urlMatching(/^[a-z0-9-]{1,60}$/) });

/**
 * A detail route's loader: the item is asked for while the page's code loads (DetailPage's query,
 * same key, finds it), not waited for: the page shows its own loading and failure. Its first photo
 * is asked for as soon as the item is in (core/details/first-photo.ts), with the declaration the
 * route's page loads (`load`, the same module).
 */
export function prefetchItem<Area extends DetailAreaName>(area: Area, load: Loaded<DetailDeclaration<Area>>) {
  return ({ context, params }: { context: RouterContext; params: { id: string } }): void => {
    const onItem = (item: DetailItem<Area>) =>
      void load().then(({ default: declaration }) => preloadFirstPhoto(declaration, item));
    void prefetchReadable(
      context.queryClient,
      AREAS[area].module,
      detailQueryOptions(area, params.id, onItem),
    );
  };
}

/** What a detail route gives its page: the item's id and the open tab. */
export type DetailRouteState = { id: string; tab?: string };

/** The one detail page with an area's detail declaration, for the item the route names. */
export function detailPage<Area extends DetailAreaName>(
  load: Loaded<DetailDeclaration<Area>>,
  useRouteState: () => DetailRouteState,
) {
  return lazyRouteComponent(async () => {
    const [{ DetailPage }, { default: declaration }] = await Promise.all([
      import('../../core/details/detail-page'),
      load(),
    ]);
    return {
      default: function AreaDetailPage() {
        const { id, tab } = useRouteState();
        const navigate = useNavigate();
        return (
          <DetailPage
            declaration={declaration}
            id={id}
            listPath={LIST_PATHS[declaration.area]}
            tab={tab}
            // Replace, not push: clicking through tabs does not fill the history, so Back leaves
            // the record; the tab still survives a reload and a return to the page.
            onTabChange={(next) => void navigate({ to: '.', search: { tab: next }, replace: true })}
          />
        );
      },
    };
  });
}

/** A page of its own (a user's profile, a group with its members), given what its route holds. */
export function ownPage<Props extends object>(load: Loaded<ComponentType<Props>>, useProps: () => Props) {
  return lazyRouteComponent(async () => {
    const { default: Page } = await load();
    return {
      default: function RoutePage() {
        const props = useProps();
        return <Page {...props} />;
      },
    };
  });
}
