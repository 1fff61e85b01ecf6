import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { authApi } from '../../modules/auth/api';
import { useBoot } from '../i18n/BootProvider';
import { updateUserInfo } from '../session/session';
import { useUserInfo } from '../session/useSession';

/** Session data of the shell, keyed by user and company so a company switch never shows the old company's. */
export const shellKeys = {
  menu: (userId?: number, companyId?: number) => ['shell', 'menu', userId, companyId] as const,
  defaultInfo: (userId?: number, companyId?: number, culture?: string) =>
    ['shell', 'defaultInfo', userId, companyId, culture] as const,
  masterInfo: (userId?: number, companyId?: number, culture?: string) =>
    ['shell', 'masterInfo', userId, companyId, culture] as const,
};

export function useMenuQuery() {
  const user = useUserInfo();
  return useQuery({
    queryKey: shellKeys.menu(user?.UserID, user?.CompanyID),
    queryFn: authApi.menu,
    staleTime: Infinity,
  });
}

/** Keyed by culture too: the profile carries names (team, company, manager) in the request's language. */
export function useDefaultInfoQuery() {
  const user = useUserInfo();
  const { culture } = useBoot();
  return useQuery({
    queryKey: shellKeys.defaultInfo(user?.UserID, user?.CompanyID, culture),
    queryFn: authApi.defaultInfo,
  });
}

export function useMasterInfoQuery() {
  const user = useUserInfo();
  const { culture } = useBoot();
  return useQuery({
    queryKey: shellKeys.masterInfo(user?.UserID, user?.CompanyID, culture),
    queryFn: authApi.masterInfo,
    staleTime: Infinity,
  });
}

/**
 * After a language switch everything on screen is fetched again, since lists and master data carry names in the
 * request's language, and the stored UserInfo takes the team name in the new language from the profile.
 */
export function useLanguageRefresh(teamName: string | null | undefined) {
  const { culture } = useBoot();
  const queryClient = useQueryClient();
  const shown = useRef(culture);
  useEffect(() => {
    if (shown.current === culture) return;
    shown.current = culture;
    void queryClient.invalidateQueries();
  }, [culture, queryClient]);
  const user = useUserInfo();
  useEffect(() => {
    if (teamName !== undefined && user && user.TeamName !== teamName) updateUserInfo({ TeamName: teamName });
  }, [teamName, user]);
}
