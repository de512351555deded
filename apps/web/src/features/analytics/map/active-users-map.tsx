import '@mantine/core/styles/Table.layer.css';
import { Box, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { ActiveUsersAnswer } from '@roam/contract/analytics';
import { formatWholeNumber } from '@roam/contract/lists';
import { countryByName } from '@roam/contract/places';
import { useMemo, useState } from 'react';
import { ComposableMap, Geographies, Geography } from 'react-simple-maps';
import classes from './active-users-map.module.css';
import { type ColorClass, colorClasses, colorOf, EMPTY_COLOR } from './color-scale';
import { WORLD_COUNTRIES } from './world-countries';

const describe = (name: string, count: number) =>
  `${name}: ${formatWholeNumber(count)} active ${count === 1 ? 'user' : 'users'}`;

type Focused = { name: string; count: number };

/** The answer's countries by ISO code (the map's features carry codes, the answer names). */
function countsByIso(answer: ActiveUsersAnswer) {
  const counts = new Map<string, Focused>();
  for (const entry of answer.activeusers) {
    for (const [name, count] of Object.entries(entry)) {
      const iso = countryByName(name)?.iso;
      if (iso) counts.set(iso, { name, count: (counts.get(iso)?.count ?? 0) + count });
    }
  }
  return counts;
}

/**
 * The world map of active users (SPEC §2): each country shaded by its count, a legend, and a
 * tooltip naming the country and its count on hover or keyboard focus (every country with users
 * is reachable with Tab). The most active countries are listed beside it, for small screens.
 */
export function ActiveUsersMap({ answer }: { answer: ActiveUsersAnswer }) {
  const counts = useMemo(() => countsByIso(answer), [answer]);
  const scale = useMemo(
    () => colorClasses(Math.max(0, ...[...counts.values()].map((c) => c.count))),
    [counts],
  );
  const [focused, setFocused] = useState<Focused | null>(null);
  const top = answer.activeusers.slice(0, 5).flatMap((entry) => Object.entries(entry));

  return (
    <Stack gap="sm">
      <Box pos="relative">
        <ComposableMap
          projection="geoEqualEarth"
          width={800}
          height={400}
          projectionConfig={{ scale: 150 }}
          role="group"
          aria-label="Active users by country"
          style={{ width: '100%', height: 'auto', display: 'block' }}
        >
          <Geographies geography={WORLD_COUNTRIES}>
            {({ geographies }) =>
              geographies.map((geography) => {
                const iso = typeof geography.properties?.iso === 'string' ? geography.properties.iso : null;
                const name = typeof geography.properties?.name === 'string' ? geography.properties.name : '';
                const entry = iso ? counts.get(iso) : undefined;
                const shown: Focused = entry ?? { name, count: 0 };
                const fill = colorOf(shown.count, scale);
                const show = () => setFocused(shown);
                const hide = () => setFocused((current) => (current === shown ? null : current));
                return (
                  <Geography
                    key={geography.rsmKey}
                    geography={geography}
                    data-iso={iso ?? undefined}
                    data-count={shown.count}
                    {...(entry
                      ? { tabIndex: 0, role: 'img', 'aria-label': describe(entry.name, entry.count) }
                      : { tabIndex: -1, 'aria-hidden': true })}
                    onMouseEnter={show}
                    onMouseLeave={hide}
                    onFocus={show}
                    onBlur={hide}
                    className={classes.country}
                    style={{ fill }}
                  />
                );
              })
            }
          </Geographies>
        </ComposableMap>
        {focused ? (
          <Paper role="tooltip" withBorder shadow="sm" p="xs" pos="absolute" top={8} left={8}>
            <Text fw={600} size="sm">
              {focused.name}
            </Text>
            <Text size="sm">
              {formatWholeNumber(focused.count)} active {focused.count === 1 ? 'user' : 'users'}
            </Text>
          </Paper>
        ) : null}
      </Box>
      <Legend classes={scale} />
      {top.length > 0 ? (
        <Table withRowBorders={false} verticalSpacing={4} aria-label="Most active countries">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Country</Table.Th>
              <Table.Th ta="right">Active users</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {top.map(([name, count]) => (
              <Table.Tr key={name}>
                <Table.Td>{name}</Table.Td>
                <Table.Td ta="right">{formatWholeNumber(count)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}

function Swatch({ color }: { color: string }) {
  return <Box w={14} h={14} bg={color} bd="1px solid var(--mantine-color-default-border)" aria-hidden />;
}

/** What each shade means. */
function Legend({ classes }: { classes: readonly ColorClass[] }) {
  return (
    <Group gap="md" wrap="wrap" aria-label="Legend" role="list">
      <Group gap={6} wrap="nowrap" role="listitem">
        <Swatch color={EMPTY_COLOR} />
        <Text size="sm">No active users</Text>
      </Group>
      {classes.map((entry) => (
        <Group key={entry.from} gap={6} wrap="nowrap" role="listitem">
          <Swatch color={entry.color} />
          <Text size="sm">
            {entry.from === entry.to
              ? formatWholeNumber(entry.from)
              : `${formatWholeNumber(entry.from)}–${formatWholeNumber(entry.to)}`}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
