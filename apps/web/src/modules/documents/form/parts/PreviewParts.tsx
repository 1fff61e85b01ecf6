import { formatAmount, type PreviewData } from '@ems/contracts';
import { Descriptions, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = Pick<PreviewData, 'Apportionment' | 'Trips' | 'Payee' | 'PurchaseOrders' | 'AirTicketShares'>;

/** The document's parts on its printable sheet: only those it has. */
export function PreviewParts(p: Props) {
  const { t } = useTranslation();
  const title = (key: string) => <Typography.Title level={5}>{t(key)}</Typography.Title>;
  const table = { size: 'small' as const, bordered: true, pagination: false as const, rowKey: 'ID' };
  return (
    <>
      {p.Apportionment.length ? (
        <section data-testid="preview-apportion">
          {title('doc.section.apportion')}
          <Table
            scroll={{ x: 'max-content' }}
            {...table}
            dataSource={p.Apportionment}
            columns={[
              {
                title: t('doc.part.apportion.target'),
                render: (_, r) =>
                  r.LineNo === null ? t('doc.part.apportion.whole') : t('doc.part.apportion.line', { line: r.LineNo }),
              },
              { title: t('doc.field.costCentre'), render: (_, r) => `${r.CostCenterCode} ${r.CostCenterName}` },
              { title: t('doc.part.apportion.product'), render: (_, r) => r.ProductName ?? '' },
              { title: t('doc.part.apportion.percent'), dataIndex: 'Percent', align: 'right', render: (v) => `${v} %` },
              { title: t('doc.field.amount'), dataIndex: 'Amount', align: 'right', render: (v) => formatAmount(v) },
            ]}
          />
        </section>
      ) : null}
      {p.Trips.length ? (
        <section data-testid="preview-trips">
          {title('doc.section.trips')}
          <Table
            scroll={{ x: 'max-content' }}
            {...table}
            dataSource={p.Trips}
            columns={[
              { title: t('doc.part.trip.from'), dataIndex: 'FromCity' },
              { title: t('doc.part.trip.to'), dataIndex: 'ToCity' },
              { title: t('doc.part.trip.depart'), dataIndex: 'DepartDate' },
              { title: t('doc.part.trip.arrive'), dataIndex: 'ArriveDate' },
              {
                title: t('doc.part.trip.transport'),
                dataIndex: 'Transport',
                render: (v) => t(`doc.part.transport.${v}`),
              },
            ]}
          />
        </section>
      ) : null}
      {p.Payee ? (
        <section data-testid="preview-payee">
          {title('doc.section.pay')}
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'payee', label: t('doc.part.pay.payee'), children: `${p.Payee.PayeeName} (${p.Payee.PayeeCode})` },
              {
                key: 'bank',
                label: t('doc.part.pay.bank'),
                children: `${p.Payee.BankName ?? ''} ${p.Payee.BankAccount ?? ''}`,
              },
            ]}
          />
        </section>
      ) : null}
      {p.PurchaseOrders.length ? (
        <section data-testid="preview-orders">
          {title('doc.section.purchaseOrders')}
          <Table
            scroll={{ x: 'max-content' }}
            {...table}
            dataSource={p.PurchaseOrders}
            columns={[
              { title: t('doc.part.po.no'), dataIndex: 'PONo' },
              { title: t('doc.part.po.vendor'), render: (_, r) => `${r.ProviderCode} ${r.ProviderName}` },
              { title: t('doc.field.amount'), dataIndex: 'Amount', align: 'right', render: (v) => formatAmount(v) },
            ]}
          />
        </section>
      ) : null}
      {p.AirTicketShares.length ? (
        <section data-testid="preview-air-tickets">
          {title('doc.section.airTickets')}
          <Table
            scroll={{ x: 'max-content' }}
            {...table}
            dataSource={p.AirTicketShares}
            columns={[
              { title: t('doc.part.air.no'), dataIndex: 'TicketNo' },
              { title: t('doc.part.air.employee'), render: (_, r) => `${r.EmployeeName} (${r.EmployeeCode})` },
              { title: t('doc.field.amount'), dataIndex: 'Amount', align: 'right', render: (v) => formatAmount(v) },
            ]}
          />
        </section>
      ) : null}
    </>
  );
}
