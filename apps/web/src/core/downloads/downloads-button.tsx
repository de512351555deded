import { ActionIcon, Anchor, Badge, Group, Indicator, Progress, Stack, Text } from '@mantine/core';
import { DOWNLOAD_TITLE_LENGTH, type Download, type DownloadState } from '@roam/contract/downloads';
import { MESSAGES } from '@roam/contract/messages';
import { IconDownload, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PopupOnDemand } from '../../components/popup-on-demand';
import { actionFailureMessage } from '../../lib/action-failure';
import { formatDateTime } from '../../lib/format-date';
import { notify } from '../../lib/notify';
import { useWhenIdle } from '../../lib/use-when-idle';
import { downloadsQueryOptions, isExpired, onDownloadStarted, removeDownload } from './downloads';

/** A finished job shows its link, or 'Expired', instead of a state. */
const STATE_BADGES: Partial<Record<DownloadState, { label: string; color: string }>> = {
  queued: { label: 'Queued', color: 'gray' },
  running: { label: 'Running', color: 'blue' },
  failed: { label: 'Failed', color: 'red' },
};

const isActive = (download: Download) => download.state === 'queued' || download.state === 'running';

/** SPEC §2: a download's title is cut at 18 characters (the whole title is its tooltip). */
function shortTitle(title: string): string {
  return title.length > DOWNLOAD_TITLE_LENGTH ? `${title.slice(0, DOWNLOAD_TITLE_LENGTH)}…` : title;
}

/** The time now, ticking every second while `isTicking` (links turn 'Expired' as their time passes). */
function useNow(isTicking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isTicking) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [isTicking]);
  return now;
}

/**
 * The header's downloads (SPEC §2, DESIGN §8): every job of this admin, newest first, with its
 * title, type, state, progress and link until it expires, then 'Expired'. The list is the server's
 * (it survives a reload and a new sign-in); its badge counts the jobs still running.
 */
export function DownloadsButton() {
  const [isOpen, setOpen] = useState(false);
  const queryClient = useQueryClient();
  // The badge is asked for once the page's own data has had the connection (or on opening).
  const isIdle = useWhenIdle();
  const downloadsQuery = useQuery({
    ...downloadsQueryOptions(),
    staleTime: 30_000,
    enabled: isIdle || isOpen,
  });
  const downloads = downloadsQuery.data ?? [];
  const running = downloads.filter(isActive).length;
  const now = useNow(isOpen);
  useEffect(
    () =>
      onDownloadStarted(() => {
        setOpen(true);
      }),
    [],
  );

  const remove = async (download: Download) => {
    try {
      await removeDownload(queryClient, download.pk);
    } catch (error) {
      notify('error', actionFailureMessage(error));
    }
  };

  return (
    // The badge sits outside the popover's target, which gives its one child the popup's ARIA.
    <Indicator label={running} size={18} disabled={running === 0} processing offset={4}>
      <PopupOnDemand
        kind="dialog"
        opened={isOpen}
        onChange={setOpen}
        trigger={
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={running > 0 ? `Downloads, ${running} running` : 'Downloads'}
            onClick={() => setOpen(!isOpen)}
          >
            <IconDownload size={22} stroke={1.6} aria-hidden />
          </ActionIcon>
        }
      >
        {({ target, kit: { Popover, ScrollArea }, ...popup }) => (
          <Popover
            {...popup}
            position="bottom-end"
            width="min(380px, calc(100vw - 16px))"
            shadow="md"
            returnFocus
          >
            <Popover.Target>{target}</Popover.Target>
            <Popover.Dropdown p="sm" aria-labelledby="downloads-heading">
              <Text fw={600} mb="xs" id="downloads-heading">
                Downloads
              </Text>
              {downloadsQuery.isError && downloads.length === 0 ? (
                <Text size="sm" c="red">
                  {MESSAGES.somethingWrongTryAgain}
                </Text>
              ) : downloads.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {downloadsQuery.isPending ? 'Loading…' : 'No downloads yet. Lists have a Download menu.'}
                </Text>
              ) : (
                <ScrollArea.Autosize mah="min(420px, 60vh)" type="auto">
                  <Stack component="ul" gap="xs" p={0} m={0} aria-labelledby="downloads-heading">
                    {downloads.map((download) => (
                      <DownloadItem
                        key={download.pk}
                        download={download}
                        now={now}
                        onRemove={() => void remove(download)}
                      />
                    ))}
                  </Stack>
                </ScrollArea.Autosize>
              )}
            </Popover.Dropdown>
          </Popover>
        )}
      </PopupOnDemand>
    </Indicator>
  );
}

function DownloadItem({
  download,
  now,
  onRemove,
}: {
  download: Download;
  now: number;
  onRemove: () => void;
}) {
  const expired = isExpired(download, now);
  const badge = STATE_BADGES[download.state];
  const percent = download.total > 0 ? Math.round((download.done / download.total) * 100) : 0;
  const title = shortTitle(download.title);
  return (
    <Stack component="li" gap={4} style={{ listStyle: 'none' }} data-download={download.pk}>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text size="sm" fw={500} title={download.title} truncate>
          {title}
        </Text>
        <Group gap={4} wrap="nowrap">
          <Badge variant="light" color="gray" size="sm">
            {download.type}
          </Badge>
          {badge ? (
            <Badge variant="light" color={badge.color} size="sm">
              {badge.label}
            </Badge>
          ) : null}
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`${isActive(download) ? 'Cancel' : 'Remove'} ${download.title}`}
            onClick={onRemove}
          >
            <IconX size={14} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      {isActive(download) ? (
        <Progress
          value={percent}
          size="sm"
          animated={download.state === 'running'}
          aria-label={`${download.title}: ${percent}%`}
        />
      ) : null}
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {formatDateTime(download.createdAt)}
          {isActive(download) && download.total > 0 ? ` · ${download.done} of ${download.total} rows` : ''}
        </Text>
        {download.state === 'done' && download.url && !expired ? (
          <Anchor size="xs" href={download.url} download aria-label={`Download ${download.title}`}>
            Download
          </Anchor>
        ) : expired ? (
          <Text size="xs" c="dimmed">
            Expired
          </Text>
        ) : null}
      </Group>
      {download.state === 'failed' ? (
        <Text size="xs" c="red">
          {download.message ?? MESSAGES.somethingWrong}
        </Text>
      ) : null}
    </Stack>
  );
}
