import { MESSAGES } from '@roam/contract/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isApiError } from './api-error';
import { notify } from './notify';
import { signOut } from './sign-out';

/**
 * SPEC §6: when a dashboard or the admin's own details fail to load with a response status, toast
 * 'You dont have access' and go to /. A 401 is not handled here: the API client has already tried
 * a refresh and, failing that, ended the session. The session is ended here too, or the sign-in
 * page would send the still signed-in admin straight back to the page that failed.
 */
export function useAccessFailure(error: unknown): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!isApiError(error) || error.status === 401) return;
    notify('error', MESSAGES.noAccess, { id: 'no-access' });
    void signOut()
      .then(() => navigate({ to: '/' }))
      .finally(() => queryClient.clear());
  }, [error, navigate, queryClient]);
}
