import '@mantine/core/styles/FloatingIndicator.layer.css';
import '@mantine/core/styles/ColorSwatch.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import '@mantine/charts/styles.layer.css';
import { AreaChart, BarChart } from '@mantine/charts';
import {
  ActionIcon,
  Alert,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { GRAPH_TYPES, type GraphType, graphPoints } from '@roam/contract/analytics';
import { MESSAGES } from '@roam/contract/messages';
import { IconArrowLeft, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format-date';
import { type GraphKind, graphQueryOptions } from '../api/get-graph';
import { ActionIconLink } from '../components/action-icon-link';
import { useGraphWindow } from './use-graph-window';

const TYPE_LABELS: Readonly<Record<GraphType, string>> = {
  daily: 'Daily',
  monthly: 'Monthly',
  yearly: 'Yearly',
};
const UNITS: Readonly<Record<GraphType, string>> = { daily: 'days', monthly: 'months', yearly: 'years' };
const PERIODS: Readonly<Record<GraphType, string>> = { daily: 'day', monthly: 'month', yearly: 'year' };
const isGraphType = (value: string): value is GraphType => GRAPH_TYPES.some((type) => type === value);

/** /analytics/graph (SPEC §2): the Active Users and Groups created charts over a window. */
export function ActiveUsersGraphPage() {
  const controller = useGraphWindow();
  const { window, length } = controller;
  const dates = `${formatDate(controller.firstDay)} – ${formatDate(controller.lastDay)}`;

  return (
    <>
      <PageHeader
        title="Active Users"
        leading={
          <ActionIconLink to="/analytics" variant="subtle" size="lg" aria-label="Back to Analytics">
            <IconArrowLeft size={20} />
          </ActionIconLink>
        }
      />
      <Group justify="space-between" wrap="wrap" gap="sm" mb="md">
        <SegmentedControl
          aria-label="Granularity"
          value={window.type}
          onChange={(value) => {
            if (isGraphType(value)) controller.setType(value);
          }}
          data={GRAPH_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }))}
        />
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={`Earlier ${length} ${UNITS[window.type]}`}
            onClick={controller.goEarlier}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Text size="sm" fw={600} aria-live="polite" data-testid="graph-window">
            {dates}
          </Text>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={`Later ${length} ${UNITS[window.type]}`}
            onClick={controller.goLater}
            disabled={!controller.canGoLater}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
        </Group>
      </Group>
      <Stack gap="lg">
        <GraphPanel kind="users" title="Active Users" series="Active users" color="blue.6" window={window} />
        <GraphPanel
          kind="groups"
          title="Groups created"
          series="Groups created"
          color="teal.7"
          window={window}
        />
      </Stack>
    </>
  );
}

type GraphPanelProps = {
  kind: GraphKind;
  title: string;
  series: string;
  color: string;
  window: ReturnType<typeof useGraphWindow>['window'];
};

/** One chart: its points, a table of the same figures for screen readers, or an empty state. */
function GraphPanel({ kind, title, series, color, window }: GraphPanelProps) {
  const query = useQuery({
    ...graphQueryOptions(kind, window),
    // The graph is a dashboard load: a refusal ends the visit (SPEC §6); once is enough.
    meta: { leavesOnRefusal: kind === 'users' },
  });
  const points = query.data ? graphPoints(query.data) : [];
  const isEmpty = points.every((point) => point.value === 0);
  const headingId = `graph-${kind}-title`;
  const Chart = kind === 'users' ? AreaChart : BarChart;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="sm">
        {title}
      </Title>
      {query.isError ? (
        <Alert color="red" variant="light" role="alert">
          {MESSAGES.somethingWrong}
        </Alert>
      ) : query.isPending ? (
        <Skeleton height={260} role="status" aria-label={`Loading ${title}`} />
      ) : (
        <>
          {isEmpty ? (
            <Text c="dimmed" size="sm" mb="xs">
              {MESSAGES.noData}
            </Text>
          ) : null}
          <Chart
            h={260}
            data={points}
            dataKey="label"
            series={[{ name: 'value', label: series, color }]}
            withLegend={false}
            tickLine="y"
            gridAxis="y"
            yAxisProps={{ allowDecimals: false }}
            // The table below is what assistive technology reads; the chart's own keyboard layer
            // would put focusable points inside this hidden drawing.
            {...(kind === 'users'
              ? { areaChartProps: { accessibilityLayer: false } }
              : { barChartProps: { accessibilityLayer: false } })}
            aria-hidden
          />
          <VisuallyHidden>
            <Table>
              <caption>{`${title} per ${PERIODS[window.type]}`}</caption>
              <thead>
                <tr>
                  <th>Period</th>
                  <th>{series}</th>
                </tr>
              </thead>
              <tbody>
                {points.map((point) => (
                  <tr key={point.label}>
                    <td>{point.label}</td>
                    <td>{point.value}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </VisuallyHidden>
        </>
      )}
    </Paper>
  );
}
