import { useQuery } from '@tanstack/react-query';
import { useMenuQuery } from '../../app/layout/queries';
import { homeApi } from './api';

/** The screens whose holders see the HCPs and HCOs near their caps (each kind to its report's holders). */
export const CAP_REPORTS = { HCP: 'searchHCPYearUsedAmount', HCO: 'searchHCOYearUsedAmount' } as const;

/** The functions the user holds, from the menu the shell already asked for. */
export function useFunctions(): ReadonlySet<string> {
  const menu = useMenuQuery();
  return new Set(menu.data?.Functions ?? []);
}

/** The HCPs and HCOs near their caps, asked once for the tiles and the list of the nearest. */
export function useCapsAtRisk(functions: ReadonlySet<string>) {
  return useQuery({
    queryKey: ['home', 'caps'],
    queryFn: homeApi.capsAtRisk,
    enabled: functions.has(CAP_REPORTS.HCP) || functions.has(CAP_REPORTS.HCO),
  });
}
