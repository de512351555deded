import { z } from 'zod';
import { AREA_NAMES, type AreaName } from './areas';
import type {
  Download,
  DownloadAck,
  DownloadFinal,
  DownloadProgress,
  downloadRequestSchema,
} from './downloads';
import { lazySchema } from './lazy-schema';

/**
 * The realtime connection (DESIGN §8 "Downloads"), its events typed once for both sides: socket.io
 * at SOCKET_PATH, websocket transport only, the access token in the handshake's `auth`.
 */
export const SOCKET_PATH = '/socket.io';
export const DOWNLOAD_EVENT = 'download management';
export const PROGRESS_EVENT = 'download progress';
export const CHANGED_EVENT = 'changed';
/** The `connect_error` message of a refused handshake: refresh the token and connect again. */
export const UNAUTHORIZED = 'UNAUTHORIZED';

export const socketAuthSchema = lazySchema(() => z.object({ token: z.string().min(1).max(4096) }));

/** After any write, to every connected admin who may read the area: reload it (no rows are pushed). */
export const changedEventSchema = lazySchema(() =>
  z.object({
    area: z.enum(AREA_NAMES as [AreaName, ...AreaName[]]),
    ids: z.array(z.string()),
    action: z.enum(['create', 'update', 'toggle', 'delete', 'role', 'member']),
  }),
);
export type ChangedEvent = z.infer<typeof changedEventSchema>;
export type ChangeAction = ChangedEvent['action'];

/** What the server emits. */
export type ServerToClientEvents = {
  [DOWNLOAD_EVENT]: (final: DownloadFinal) => void;
  [PROGRESS_EVENT]: (progress: DownloadProgress) => void;
  [CHANGED_EVENT]: (change: ChangedEvent) => void;
};

/** What the panel emits: a download request, answered through the acknowledgement. */
export type ClientToServerEvents = {
  [DOWNLOAD_EVENT]: (
    request: z.input<typeof downloadRequestSchema>,
    ack: (answer: DownloadAck) => void,
  ) => void;
};

export type { Download };
