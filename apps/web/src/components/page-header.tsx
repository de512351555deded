import { Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import type { StaticPath } from '../lib/app-paths';
import { AnchorLink } from './anchor-link';

/** A page above this one: a record's area list. */
export type Crumb = { label: string; to: StaticPath };

type PageHeaderProps = {
  title: string;
  /** The pages above this one, outermost first; the trail ends with the title. */
  crumbs?: readonly Crumb[];
  /** Shown before the title (a back control). */
  leading?: ReactNode;
  /** Shown on the right. */
  actions?: ReactNode;
};

/**
 * The page's one h1, with optional controls before it and actions on the right, and the one place
 * the document's title is set: the title, then the pages above it ('Sunny loft · Rental · Roam
 * Admin').
 */
export function PageHeader({ title, crumbs = [], leading, actions }: PageHeaderProps) {
  const trail = [title, ...crumbs.map((crumb) => crumb.label).reverse()].filter(Boolean);
  useDocumentTitle([...trail, 'Roam Admin'].join(' · '));
  return (
    <Stack gap={4} mb="lg">
      {crumbs.length > 0 ? (
        <Breadcrumbs component="nav" aria-label="Breadcrumb" separatorMargin={6} fz="sm">
          {crumbs.map((crumb) => (
            // A line of 24 px: a short crumb ('Cafe') was a 32 x 14 px target, under the 24 px
            // a finger needs (WCAG 2.5.8; Lighthouse's accessibility audit of a cafe's page).
            <AnchorLink key={crumb.to} to={crumb.to} size="sm" display="inline-block" lh="24px">
              {crumb.label}
            </AnchorLink>
          ))}
          <Text size="sm" c="dimmed" aria-current="page" lineClamp={1}>
            {title}
          </Text>
        </Breadcrumbs>
      ) : null}
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Group gap="xs" wrap="nowrap">
          {leading}
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
        </Group>
        {actions}
      </Group>
    </Stack>
  );
}
