import { Col, Descriptions, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBoot } from '../../app/i18n/BootProvider';
import { useDefaultInfoQuery } from '../../app/layout/queries';
import { useUserInfo } from '../../app/session/useSession';
import { Announcements } from '../auth/Announcements';
import { RoleCharts } from './RoleCharts';
import { ToDoCounts } from './ToDoCounts';

/**
 * The /manage index: a welcome, what waits for the user (counts that open the lists behind them), a small picture per
 * role (their spend, their team against its budgets, the HCPs and HCOs near their caps), the user's company and team,
 * and the current announcements.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const { culture, index } = useBoot();
  const user = useUserInfo();
  const info = useDefaultInfoQuery();
  const d = info.data;
  const name = d ? (culture === 'zh-CN' ? d.UserNameZH : d.UserNameEN) || d.UserName : (user?.UserName ?? '');
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }} data-testid="home-welcome">
        {t('home.welcome', { name })}
      </Typography.Title>
      <ToDoCounts />
      <RoleCharts />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Descriptions column={1} size="small" bordered title={t('home.myInfo')}>
            <Descriptions.Item label={t('profile.code')}>{d?.UserCode ?? user?.UserCode ?? ''}</Descriptions.Item>
            <Descriptions.Item label={t('profile.company')}>
              {d?.CompanyName ?? user?.CompanyName ?? ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('profile.team')}>{d?.TeamName ?? user?.TeamName ?? ''}</Descriptions.Item>
            <Descriptions.Item label={t('profile.lineManager')}>{d?.LineManagerName ?? ''}</Descriptions.Item>
          </Descriptions>
        </Col>
        <Col xs={24} lg={14}>
          <Announcements items={index.Announcements} />
        </Col>
      </Row>
    </Flex>
  );
}
