import { UserAddOutlined, UserDeleteOutlined } from '@ant-design/icons';
import type { EmployeeOption, ExpenseTypeNode } from '@ems/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Alert, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notice } from '../../../../app/notice';
import { ActionButton } from '../../../../shared/ActionButton';
import { authorityApi } from '../api';
import { PagedPicker } from './PagedPicker';

/** The employees who may use a restricted apply type, and everyone else of the company to add from. */
export function AuthorityAssign({ type }: { type: ExpenseTypeNode }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const columns: TableColumnsType<EmployeeOption> = [
    { key: 'Code', dataIndex: 'Code', title: t('expenseMaster.authority.code'), width: 100 },
    { key: 'Name', dataIndex: 'Name', title: t('expenseMaster.authority.name'), width: 120 },
    { key: 'TeamName', dataIndex: 'TeamName', title: t('expenseMaster.authority.team'), width: 180 },
  ];
  const act = async (grant: boolean, rows: EmployeeOption[], done: () => void) => {
    if (rows.length === 0) {
      notice.warning(t('list.selectSome'));
      return;
    }
    const ids = rows.map((r) => r.EmployeeID);
    if (grant) await authorityApi.assign(type.ID, ids);
    else await authorityApi.remove(type.ID, ids);
    notice.success(t('common.saved'));
    done();
    await client.invalidateQueries({ queryKey: ['expenseSetup', 'apply', 'authority', type.ID] });
  };
  return (
    <>
      {type.Restricted ? null : (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('expenseMaster.authority.notRestricted')} />
      )}
      <Row gutter={16}>
        <Col xs={24} xl={12}>
          <Typography.Title level={5}>{t('expenseMaster.authority.assigned')}</Typography.Title>
          <PagedPicker<EmployeeOption>
            testId="authority-assigned"
            queryKey={['expenseSetup', 'apply', 'authority', type.ID, 'assigned']}
            load={(body) => authorityApi.selected({ ...body, ExpenseTypeID: type.ID })}
            rowKey="EmployeeID"
            columns={columns}
            actions={(rows, done) => (
              <ActionButton danger icon={<UserDeleteOutlined />} onAction={() => act(false, rows, done)}>
                {t('expenseMaster.authority.remove')}
              </ActionButton>
            )}
          />
        </Col>
        <Col xs={24} xl={12}>
          <Typography.Title level={5}>{t('expenseMaster.authority.others')}</Typography.Title>
          <PagedPicker<EmployeeOption>
            testId="authority-others"
            queryKey={['expenseSetup', 'apply', 'authority', type.ID, 'others']}
            load={(body) => authorityApi.notSelected({ ...body, ExpenseTypeID: type.ID })}
            rowKey="EmployeeID"
            columns={columns}
            actions={(rows, done) => (
              <ActionButton type="primary" icon={<UserAddOutlined />} onAction={() => act(true, rows, done)}>
                {t('expenseMaster.authority.assign')}
              </ActionButton>
            )}
          />
        </Col>
      </Row>
    </>
  );
}
