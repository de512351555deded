/** Socket events, typed once (STYLE rule 9). Downloads arrive in a later issue. */
export const SOCKET_PATH = '/socket.io';
export const DOWNLOAD_EVENT = 'download management';
