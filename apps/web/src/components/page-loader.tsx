import { Center, Loader } from '@mantine/core';

export function PageLoader() {
  return (
    <Center mih={200} p="xl">
      <Loader aria-label="Loading" />
    </Center>
  );
}
