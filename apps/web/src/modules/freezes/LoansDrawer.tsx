import type { FreezeLoanRow } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Grid, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBoot } from '../../app/i18n/BootProvider';
import { displayDateTime, formatAmount } from '../../shared/format';
import { type FreezeScreen, freezeApi } from './api';

/** A person's open loans: what each still owes after the deputies that write it off, and when it falls due. */
export function LoansDrawer(props: {
  screen: FreezeScreen;
  person: { EmployeeID: number; Name: string } | null;
  onClose: () => void;
}) {
  const { screen, person, onClose } = props;
  const { t } = useTranslation();
  const { culture } = useBoot();
  const screens = Grid.useBreakpoint();
  const query = useQuery({
    queryKey: ['freezes', screen, 'loans', person?.EmployeeID ?? null, culture],
    queryFn: () => freezeApi(screen).loans(person!.EmployeeID),
    enabled: person !== null,
  });
  const money = (v: string) => formatAmount(v);
  return (
    <Drawer
      open={person !== null}
      onClose={onClose}
      size={screens.md ? 900 : '100%'}
      title={t('freeze.loans.title', { name: person?.Name ?? '' })}
      destroyOnHidden
    >
      <Typography.Paragraph strong data-testid="freeze-loans-total">
        {t('freeze.loans.totalBalance', { amount: money(query.data?.Balance ?? '0.00') })}
      </Typography.Paragraph>
      <Table<FreezeLoanRow>
        size="small"
        rowKey="LoanID"
        loading={query.isFetching}
        dataSource={query.data?.Rows ?? []}
        locale={{ emptyText: t('freeze.loans.empty') }}
        pagination={false}
        scroll={{ x: 820 }}
        columns={[
          { key: 'no', title: t('freeze.loans.docNo'), dataIndex: 'DocNo', width: 150 },
          { key: 'reason', title: t('freeze.loans.reason'), dataIndex: 'Reason', ellipsis: true },
          { key: 'total', title: t('freeze.loans.total'), dataIndex: 'Total', align: 'right', render: money },
          { key: 'off', title: t('freeze.loans.writtenOff'), dataIndex: 'WrittenOff', align: 'right', render: money },
          { key: 'balance', title: t('freeze.loans.balance'), dataIndex: 'Balance', align: 'right', render: money },
          {
            key: 'approved',
            title: t('freeze.loans.approvedAt'),
            dataIndex: 'ApprovedAt',
            width: 170,
            render: (v: string | null) => displayDateTime(v),
          },
          {
            key: 'due',
            title: t('freeze.loans.dueDate'),
            dataIndex: 'DueDate',
            width: 150,
            render: (v: string | null, r) => (
              <>
                {v ?? ''} {r.Overdue ? <Tag color="red">{t('freeze.loans.overdue')}</Tag> : null}
              </>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
