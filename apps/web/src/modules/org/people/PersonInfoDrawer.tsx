import type { EmployeeRow } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Empty, Grid, List, Spin, Tag, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoot } from '../../../app/i18n/BootProvider';
import { displayDateTime, formatAmount } from '../../../shared/format';
import { EmployeeStatusTag } from '../controls';
import { peopleApi } from './api';

/** One person at a glance: roles, other companies and the history of their status. */
export function PersonInfoDrawer({ row, onClose }: { row: EmployeeRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { culture } = useBoot();
  const screens = Grid.useBreakpoint();
  const query = useQuery({
    queryKey: ['org', 'employeeInfo', row?.EmployeeID, culture],
    queryFn: () => peopleApi.info(row!.EmployeeID),
    enabled: row !== null,
  });
  const info = query.data;
  const none = <Typography.Text type="secondary">{t('org.common.none')}</Typography.Text>;
  return (
    <Drawer open={row !== null} onClose={onClose} size={screens.sm ? 560 : '100%'} title={row?.Name} destroyOnHidden>
      <Spin spinning={query.isFetching}>
        {info ? (
          <>
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('org.person.field.code')}>{info.Code}</Descriptions.Item>
              <Descriptions.Item label={t('org.person.field.name')}>
                {info.NameZH} / {info.NameEN}
              </Descriptions.Item>
              <Descriptions.Item label={t('org.person.company')}>{info.CompanyName}</Descriptions.Item>
              <Descriptions.Item label={t('org.person.field.team')}>{info.TeamName ?? none}</Descriptions.Item>
              <Descriptions.Item label={t('org.person.field.lineManager')}>
                {info.LineManagerName ?? none}
              </Descriptions.Item>
              <Descriptions.Item label={t('org.person.directReports')}>{info.DirectReports}</Descriptions.Item>
              <Descriptions.Item label={t('org.person.field.status')}>
                <EmployeeStatusTag value={info.Status} />
              </Descriptions.Item>
              <Descriptions.Item label={t('org.person.field.approvalLimit')}>
                {info.ApprovalLimit ? formatAmount(info.ApprovalLimit) : none}
              </Descriptions.Item>
              <Descriptions.Item label={t('org.person.field.username')}>{info.Username ?? none}</Descriptions.Item>
              <Descriptions.Item label={t('org.person.lastLogin')}>
                {info.LastLoginAt ? displayDateTime(info.LastLoginAt) : none}
              </Descriptions.Item>
              <Descriptions.Item label={t('org.person.field.email')}>{info.Email ?? none}</Descriptions.Item>
              <Descriptions.Item label={t('org.person.field.mobile')}>{info.Mobile ?? none}</Descriptions.Item>
            </Descriptions>
            <Section
              title={t('org.person.roles')}
              rows={info.Roles}
              item={(r) => (
                <>
                  {r.RoleName}
                  <Tag>{r.TeamName ?? t('org.assign.wholeCompany')}</Tag>
                </>
              )}
            />
            <Section
              title={t('org.person.companies')}
              rows={info.Companies}
              item={(c) => (
                <>
                  {c.CompanyName}
                  <span>
                    {c.TeamName ? <Tag>{c.TeamName}</Tag> : null}
                    {c.IsDefault ? <Tag color="blue">{t('org.person.defaultCompany')}</Tag> : null}
                  </span>
                </>
              )}
            />
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              {t('org.person.statusHistory')}
            </Typography.Title>
            {info.StatusHistory.length ? (
              <Timeline
                items={info.StatusHistory.map((h) => ({
                  content: (
                    <>
                      <Typography.Text strong>
                        {t(`org.person.status.${h.FromStatus}`)} → {t(`org.person.status.${h.ToStatus}`)}
                      </Typography.Text>
                      <div>{h.Reason}</div>
                      <Typography.Text type="secondary">
                        {displayDateTime(h.At)} {h.ActorName ?? ''}
                      </Typography.Text>
                    </>
                  ),
                }))}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('org.common.none')} />
            )}
          </>
        ) : null}
      </Spin>
    </Drawer>
  );
}

/** A titled, bordered list of the person's details; "none" when empty. */
function Section<R>({ title, rows, item }: { title: string; rows: R[]; item: (row: R) => ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {title}
      </Typography.Title>
      <List
        size="small"
        bordered
        dataSource={rows}
        locale={{ emptyText: t('org.common.none') }}
        renderItem={(r) => <List.Item>{item(r)}</List.Item>}
      />
    </>
  );
}
