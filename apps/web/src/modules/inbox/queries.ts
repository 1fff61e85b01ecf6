import type { InboxCount } from '@ems/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useUserInfo } from '../../app/session/useSession';
import { inboxApi, inboxKeys } from './api';

/** How often the header asks for the unread count while the user stays on one screen. */
export const UNREAD_POLL_MS = 60_000;

/** The caller's unread count, asked for periodically (and again on each change of screen by the bell). */
export function useUnreadQuery() {
  const user = useUserInfo();
  return useQuery({
    queryKey: inboxKeys.unread(user?.UserID, user?.CompanyID),
    queryFn: inboxApi.unread,
    enabled: user !== null,
    refetchInterval: UNREAD_POLL_MS,
  });
}

/** After a mark: the count it answered becomes the header's, and the list is asked for again. */
export function useMarked(): (count: InboxCount) => void {
  const queryClient = useQueryClient();
  const user = useUserInfo();
  return (count) => {
    queryClient.setQueryData(inboxKeys.unread(user?.UserID, user?.CompanyID), count);
    void queryClient.invalidateQueries({ queryKey: inboxKeys.list(user?.UserID, user?.CompanyID) });
  };
}
