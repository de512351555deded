import { Box, Center, Group, Paper, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { ColorSchemeToggle } from '../../../components/color-scheme-toggle';
import { RoamMark } from '../../../components/roam-mark';

/**
 * The frame of the signed-out pages: a centred card with the product's mark and the page's title,
 * and the light or dark switch in the corner (the header's is not there before signing in).
 */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  useDocumentTitle(`${title} · Roam Admin`);
  return (
    <Center component="main" pos="relative" mih="100vh" p="md" bg="var(--roam-color-backdrop)">
      <Box pos="absolute" top="var(--mantine-spacing-md)" right="var(--mantine-spacing-md)">
        <ColorSchemeToggle />
      </Box>
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        <Group gap={8} mb="md" wrap="nowrap">
          <RoamMark size={32} />
          <Text fw={700} size="lg">
            Roam Admin
          </Text>
        </Group>
        <Box mb="lg">
          <Title order={1} size="h2">
            {title}
          </Title>
          {subtitle ? (
            <Text c="dimmed" mt={4}>
              {subtitle}
            </Text>
          ) : null}
        </Box>
        {children}
      </Paper>
    </Center>
  );
}
