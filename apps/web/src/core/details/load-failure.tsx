import { ActionIcon, Alert, Anchor, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@roam/contract/messages';
import { IconAlertTriangle, IconArrowLeft, IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { TryAgainAlert } from '../../components/try-again-alert';
import { isApiError } from '../../lib/api-error';
import type { StaticPath } from '../../lib/app-paths';

/**
 * A part of a detail page that did not load: 'You dont have access' for a 403 (the admin stays
 * signed in), 'Something went wrong' otherwise.
 */
export function LoadFailure({ error }: { error: unknown }) {
  if (isApiError(error) && error.status === 403) return <NoAccess />;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
      {MESSAGES.somethingWrong}
    </Alert>
  );
}

/** 'You dont have access', for a read the admin's permissions (or the server) refuse. */
export function NoAccess() {
  return (
    <Alert color="red" variant="light" icon={<IconLock aria-hidden />}>
      {MESSAGES.noAccess}
    </Alert>
  );
}

/** The list an item belongs to, for the ways back from its detail screen. */
export type ItemList = {
  /** The item's name in sentences: 'user', 'group'. */
  noun: string;
  /** The list's path and how the link back names it: '/group', 'groups'. */
  path: StaticPath;
  label: string;
  icon: ReactNode;
};

/** The back control of a screen that always returns to its list. */
export function BackToList({ list }: { list: ItemList }) {
  return (
    <ActionIcon component={Link} to={list.path} variant="subtle" size="lg" aria-label="Back">
      <IconArrowLeft aria-hidden />
    </ActionIcon>
  );
}

/**
 * What a detail screen shows instead of its item: 'You dont have access' when the admin may not
 * read it (or the server says 403), a not-found state for an unknown id (404) with a link back to
 * the list, any other failure with a way to try again; null while there is no failure.
 */
export function itemLoadFailure(options: {
  isAllowed: boolean;
  hasId: boolean;
  error: unknown;
  onRetry: () => void;
  list: ItemList;
}): ReactNode {
  const { error, list } = options;
  if (!options.isAllowed || (isApiError(error) && error.status === 403)) return <NoAccess />;
  if (!options.hasId || (isApiError(error) && error.status === 404)) {
    const title = `${list.noun.charAt(0).toUpperCase()}${list.noun.slice(1)} not found`;
    return (
      <Alert color="gray" variant="light" icon={list.icon} title={title}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">There is no {list.noun} with this id. It may have been mistyped.</Text>
          <Anchor component={Link} to={list.path} size="sm" fw={500}>
            Back to {list.label}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  if (!error) return null;
  return <TryAgainAlert onRetry={options.onRetry} />;
}
