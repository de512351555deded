import { CHANGED_EVENT } from '@roam/contract/socket';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent, useRealtimeReconnect } from '../lib/realtime';
import { areaQueryKeys } from './area-query-keys';

/**
 * Live lists (DESIGN §8): when anyone changes a record, the server tells every admin who may read
 * its area, and every open list and detail page of that area (and the analytics counters) loads
 * again. No rows are pushed; the lists ask with their own filters. After the connection was lost,
 * changes may have been missed, so everything on screen loads again.
 */
export function useLiveLists(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent(CHANGED_EVENT, (change) => {
    void queryClient.invalidateQueries({ queryKey: areaQueryKeys.all(change.area) });
    void queryClient.invalidateQueries({ queryKey: ['analytics'] });
  });
  useRealtimeReconnect(() => void queryClient.invalidateQueries());
}
