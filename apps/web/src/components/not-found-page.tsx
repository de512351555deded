import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <Center component="main" mih="60vh" p="xl">
      <Stack align="center" gap="sm">
        <Title order={1}>Page not found</Title>
        <Text c="dimmed" ta="center">
          The page you asked for does not exist.
        </Text>
        <Anchor component={Link} to="/">
          Go to the start page
        </Anchor>
      </Stack>
    </Center>
  );
}
