import { Box, Center, Paper, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

/** The frame of the signed-out pages: a centred card with the page's title. */
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
    <Center component="main" mih="100vh" p="md" bg="gray.1">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
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
