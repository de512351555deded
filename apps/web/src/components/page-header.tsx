import { Group, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

type PageHeaderProps = {
  title: string;
  /** Shown before the title (a back control). */
  leading?: ReactNode;
  /** Shown on the right. */
  actions?: ReactNode;
};

/** The page's one h1, with optional controls before it and actions on the right. */
export function PageHeader({ title, leading, actions }: PageHeaderProps) {
  useDocumentTitle(title ? `${title} · Roam Admin` : 'Roam Admin');
  return (
    <Group justify="space-between" align="center" mb="lg" wrap="wrap" gap="sm">
      <Group gap="xs" wrap="nowrap">
        {leading}
        <Title order={1} size="h2">
          {title}
        </Title>
      </Group>
      {actions}
    </Group>
  );
}
