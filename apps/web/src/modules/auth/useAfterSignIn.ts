import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { buildMenu, firstMasterScreen } from '../../app/layout/menu';
import { shellKeys } from '../../app/layout/queries';
import { getUserInfo } from '../../app/session/session';
import { authApi } from './api';

/**
 * After any sign-in: forget the previous session's data, then go to /manage (or the `landing` screen the sign-in came
 * for, such as the card portal's business-card screen), or for /admin to the first master screen.
 */
export function useAfterSignIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (admin: boolean, landing?: string) => {
      queryClient.clear();
      let target = landing ?? '/manage';
      if (admin && !landing) {
        const user = getUserInfo();
        try {
          const menu = await queryClient.fetchQuery({
            queryKey: shellKeys.menu(user?.UserID, user?.CompanyID),
            queryFn: authApi.menu,
          });
          target = firstMasterScreen(buildMenu(menu)) ?? target;
        } catch {
          // The shell loads the menu again and reports the error there.
        }
      }
      navigate(target, { replace: true });
    },
    [navigate, queryClient],
  );
}
