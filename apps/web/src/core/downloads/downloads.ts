import {
  DOWNLOAD_FILTERS,
  type Download,
  type DownloadAck,
  type DownloadFilters,
  type DownloadFinal,
  type DownloadProgress,
  type DownloadRequest,
  downloadListSchema,
} from '@roam/contract/downloads';
import { MESSAGES } from '@roam/contract/messages';
import { DOWNLOAD_EVENT, PROGRESS_EVENT } from '@roam/contract/socket';
import { type QueryClient, queryOptions, useQueryClient } from '@tanstack/react-query';
import { apiRequest, refreshAfterUnauthorized } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { connectRealtime, type RealtimeSocket, useRealtimeEvent } from '../../lib/realtime';
import { getAccessToken } from '../../lib/session';

/**
 * Downloads (DESIGN §8): asked for over the realtime connection, listed by GET /admin/downloads.
 * The list lives in the query cache under ['downloads']; progress and final events update it in
 * place, so the header's list moves without asking the server again.
 */
export const downloadsQueryKey = ['downloads'] as const;

export function downloadsQueryOptions() {
  return queryOptions({
    queryKey: downloadsQueryKey,
    queryFn: async ({ signal }) =>
      (await apiRequest('/admin/downloads', { schema: downloadListSchema, signal })).downloads,
  });
}

/** How long a request waits for its acknowledgement (the socket may be reconnecting). */
const ACK_TIMEOUT_MS = 15_000;

/** Jobs asked for in this tab: only this tab toasts their end and opens their file. */
const requestedHere = new Set<string>();
/**
 * Ends of jobs this tab did not (yet) know it asked for: a quick job run by another process can end
 * before the acknowledgement arrives. Kept a little while for the acknowledgement to claim.
 */
const unclaimedFinals = new Map<string, DownloadFinal>();
const UNCLAIMED_MS = 30_000;

/** The header's list opens when a job starts, so its progress is in view (like a browser's downloads). */
const startedListeners = new Set<(pk: string) => void>();
export function onDownloadStarted(listener: (pk: string) => void): () => void {
  startedListeners.add(listener);
  return () => startedListeners.delete(listener);
}

/** A list's query (listApiQuery) as a download's filters: its filter keys, as text, paging left out. */
export function downloadFiltersOf(query: Record<string, string | number | undefined>): DownloadFilters {
  const filters: DownloadFilters = {};
  for (const key of DOWNLOAD_FILTERS) {
    const value = query[key];
    if (value !== undefined && value !== '') filters[key] = String(value);
  }
  return filters;
}

type DownloadRequestInput = Pick<DownloadRequest, 'module' | 'type' | 'ids' | 'filters'>;

/**
 * Asks for a download. The acknowledgement adds the job to the list and opens it; a refusal is a toast
 * with the server's reason. A 401 (the session behind the socket's token ended) refreshes the token
 * and asks once more, on the socket the server closed and the client opened again.
 */
export async function requestDownload(
  queryClient: QueryClient,
  request: DownloadRequestInput,
): Promise<void> {
  try {
    const socket = await connectRealtime();
    if (!socket) throw new Error('No realtime connection');
    let ack = await ask(socket, request);
    if (ack.status === 401) {
      const refused = getAccessToken();
      await waitForDisconnect(socket);
      if (!(await refreshAfterUnauthorized(refused))) return;
      if (socket.disconnected) socket.connect();
      ack = await ask(socket, request);
    }
    if (ack.status !== 202) {
      notify('error', ack.status === 401 ? MESSAGES.somethingWrong : ack.message);
      return;
    }
    const { download } = ack;
    queryClient.setQueryData<Download[]>(downloadsQueryKey, (list = []) => [
      download,
      ...list.filter((listed) => listed.pk !== download.pk),
    ]);
    for (const listener of startedListeners) listener(download.pk);
    const final = unclaimedFinals.get(download.pk);
    if (final) {
      unclaimedFinals.delete(download.pk);
      void queryClient.invalidateQueries({ queryKey: downloadsQueryKey });
      announce(final);
    } else {
      requestedHere.add(download.pk);
    }
  } catch {
    notify('error', MESSAGES.somethingWrong);
  }
}

function ask(socket: RealtimeSocket, request: DownloadRequestInput): Promise<DownloadAck> {
  if (socket.disconnected) socket.connect();
  return socket.timeout(ACK_TIMEOUT_MS).emitWithAck(DOWNLOAD_EVENT, request);
}

/** The server closes the socket right after a 401 acknowledgement; asking again before that is lost. */
function waitForDisconnect(socket: RealtimeSocket): Promise<void> {
  if (socket.disconnected) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 2_000);
    socket.once('disconnect', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Keeps the downloads list current from the server's events, mounted once by the signed-in layout.
 * The end of a job asked for in this tab is toasted ('Download successful' and the file opens, or
 * 'Something went wrong', SPEC §8); other tabs of the same admin only see their list change.
 */
export function useDownloadEvents(): void {
  const queryClient = useQueryClient();
  const update = (pk: string, change: (download: Download) => Download) => {
    const list = queryClient.getQueryData<Download[]>(downloadsQueryKey);
    if (!list?.some((download) => download.pk === pk)) {
      // A job this tab has not listed yet (asked for in another tab): read the list again.
      void queryClient.invalidateQueries({ queryKey: downloadsQueryKey });
      return;
    }
    queryClient.setQueryData<Download[]>(downloadsQueryKey, (downloads = []) =>
      downloads.map((download) => (download.pk === pk ? change(download) : download)),
    );
  };

  useRealtimeEvent(PROGRESS_EVENT, (progress: DownloadProgress) =>
    update(progress.pk, (download) => ({
      ...download,
      state: download.state === 'queued' ? 'running' : download.state,
      done: progress.done,
      total: progress.total,
    })),
  );

  useRealtimeEvent(DOWNLOAD_EVENT, (final: DownloadFinal) => {
    if (final.status === 200) {
      update(final.pk, (download) => ({
        ...download,
        state: 'done',
        done: download.total,
        url: final.url,
        expires: final.expires,
      }));
    } else {
      update(final.pk, (download) => ({ ...download, state: 'failed', message: final.message }));
    }
    if (requestedHere.delete(final.pk)) {
      announce(final);
    } else {
      unclaimedFinals.set(final.pk, final);
      setTimeout(() => unclaimedFinals.delete(final.pk), UNCLAIMED_MS);
    }
  });
}

function announce(final: DownloadFinal): void {
  if (final.status === 200) {
    notify('success', MESSAGES.downloadSuccessful);
    openFile(final.url);
  } else {
    notify('error', MESSAGES.somethingWrong);
  }
}

/** Follows a download link: the server answers with an attachment, so the page stays where it is. */
function openFile(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Cancels a queued or running job, or removes a finished one from the list. */
export async function removeDownload(queryClient: QueryClient, pk: string): Promise<void> {
  await apiRequest(`/admin/downloads/${encodeURIComponent(pk)}`, { method: 'DELETE' });
  requestedHere.delete(pk);
  queryClient.setQueryData<Download[]>(downloadsQueryKey, (list = []) =>
    list.filter((download) => download.pk !== pk),
  );
}

/** A link is usable until its expiry (seconds since 1970), then the list says 'Expired' (SPEC §2). */
export function isExpired(download: Download, now: number): boolean {
  if (download.state === 'expired') return true;
  return download.state === 'done' && download.expires !== null && download.expires * 1000 <= now;
}
