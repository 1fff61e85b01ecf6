import { SwapOutlined } from '@ant-design/icons';
import type { Principal } from '@ems/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { http } from '../api';
import { notice } from '../notice';
import { setProxyInfo } from '../session/session';
import { useActingFor, useUserInfo } from '../session/useSession';

const MYSELF = 'self';

/**
 * "Act for …": the people who made the user their fill-in or approval proxy today. Choosing one sends their id as
 * ProxyId on every call until the user returns to acting as themself.
 */
export function ProxySwitch({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const user = useUserInfo();
  const actingFor = useActingFor();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const principals = useQuery({
    queryKey: ['shell', 'myProxies', user?.UserID, user?.CompanyID],
    queryFn: () => http.post<{ Rows: Principal[] }>('/api/System/GetMyProxy', { ProxyId: null }),
    staleTime: 60_000,
  });
  const rows = principals.data?.Rows ?? [];
  if (rows.length === 0 && actingFor === null) return null;
  const current = rows.find((r) => r.ProxyId === actingFor);
  const choose = async (key: string) => {
    const principal = rows.find((r) => String(r.ProxyId) === key);
    if (key === MYSELF) {
      await http.post('/api/System/ProxyReturn', { ProxyId: null }).catch(() => undefined);
      setProxyInfo(null);
    } else setProxyInfo(Number(key));
    await queryClient.invalidateQueries();
    // Acting for an approver is approving for them: straight to what waits in the approve centre.
    navigate(principal?.Kinds.includes('approve') ? '/manage/approveCenter' : '/manage');
    notice.success(
      key === MYSELF ? t('proxy.switch.backToSelf') : t('proxy.switch.nowActing', { name: principal?.Name ?? '' }),
    );
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [actingFor === null ? MYSELF : String(actingFor)],
        items: [
          { key: MYSELF, label: <span data-testid="proxy-self">{t('proxy.switch.myself')}</span> },
          ...rows.map((r) => ({
            key: String(r.ProxyId),
            label: (
              <span data-testid={`proxy-for-${r.Code}`}>
                {r.Name} ({r.Code}) {r.Kinds.map((k) => t(`proxy.kind.${k}`)).join(' / ')}
              </span>
            ),
          })),
        ],
        onClick: ({ key }) => void choose(key).catch((error: unknown) => notice.error(error)),
      }}
    >
      <Button type="text" icon={<SwapOutlined />} data-testid="proxy-switch" aria-label={t('proxy.switch.title')}>
        {current ? (
          <Tag color="purple" style={{ marginInlineEnd: 0 }} data-testid="proxy-acting">
            {t('proxy.switch.actingFor', { name: current.Name })}
          </Tag>
        ) : compact ? null : (
          <Typography.Text>{t('proxy.switch.title')}</Typography.Text>
        )}
      </Button>
    </Dropdown>
  );
}
