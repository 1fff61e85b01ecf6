import { PlusOutlined } from '@ant-design/icons';
import { formatAmount, type TMCTicket } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Form, type FormInstance, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { WideTable } from '../../../shared/WideTable';
import type { DocumentFormValues, LineValues } from '../../documents/form/formValues';
import { tmcApi } from './api';
import { BookOnTmcButton } from './BookOnTmcButton';

/** The applicant's TMC tickets still to claim, of the claim's expense type once chosen (their item is one it offers). */
export function useOpenTmcTickets(typeId: number | null | undefined, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['tmc', 'tickets', 'open', typeId ?? null],
    queryFn: () => tmcApi.tickets({ State: 'open', PageSize: 100, ...(typeId ? { ExpenseTypeID: typeId } : {}) }),
  });
}

/**
 * On a deputy being filled in: the applicant's TMC air tickets still to claim (paid by the company's TMC account),
 * each added as a line of the form with a click, and the "Book on TMC" hand-over for the trip's apply. A ticket
 * already on the form is not offered again; the server takes its amount, date and item from the ticket.
 */
export function TmcTicketsPanel({ form }: { form: FormInstance<DocumentFormValues> }) {
  const { t } = useTranslation();
  const lines = Form.useWatch('Lines', form) as LineValues[] | undefined;
  const applyId = Form.useWatch('ApplyID', form) as number | null | undefined;
  const typeId = Form.useWatch('ExpenseTypeID', form) as number | null | undefined;
  const tickets = useOpenTmcTickets(typeId);
  const onForm = new Set((lines ?? []).map((l) => l?.TMCTicketID).filter(Boolean));
  const rows = (tickets.data?.Rows ?? []).filter((r) => !onForm.has(r.ID));
  const add = (r: TMCTicket) => {
    const kept = (form.getFieldValue('Lines') as LineValues[] | undefined) ?? [];
    // A blank first line (the new form's) gives way to the ticket.
    const meaningful = kept.filter((l) => l && (l.ExpenseItemID || l.Amount || l.Description || l.TMCTicketID));
    // A claim without a type yet takes the ticket's (TMCExpenseType), so the line's item is one it offers.
    if (!form.getFieldValue('ExpenseTypeID') && r.ExpenseTypeID) form.setFieldValue('ExpenseTypeID', r.ExpenseTypeID);
    form.setFieldValue('Lines', [
      ...meaningful,
      {
        TMCTicketID: r.ID,
        ExpenseItemID: r.ExpenseItemID,
        ExpenseDate: dayjs(r.FlightDate),
        Amount: r.Amount,
        Description: `${r.TicketNo} ${r.Flight} ${r.FromCity}-${r.ToCity}`,
      },
    ]);
  };
  return (
    <Flex vertical gap={8} data-testid="tmc-tickets">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">{t('tmc.tickets.hint')}</Typography.Text>
        <Flex gap={8}>
          <Button onClick={() => void tickets.refetch()} data-testid="tmc-refresh">
            {t('tmc.tickets.refresh')}
          </Button>
          <BookOnTmcButton applyId={applyId} />
        </Flex>
      </Flex>
      {tickets.isError ? <Alert type="error" showIcon title={String(tickets.error)} /> : null}
      <WideTable<TMCTicket>
        size="small"
        rowKey="ID"
        pagination={false}
        loading={tickets.isLoading}
        dataSource={rows}
        locale={{ emptyText: <Empty description={t('tmc.tickets.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
        columns={[
          { title: t('tmc.field.ticketNo'), dataIndex: 'TicketNo', width: 150 },
          { title: t('tmc.field.flight'), dataIndex: 'Flight', width: 90 },
          {
            title: t('tmc.field.route'),
            key: 'route',
            render: (_v, r) => `${r.FromCity} → ${r.ToCity}`,
          },
          { title: t('tmc.field.flightDate'), dataIndex: 'FlightDate', width: 110 },
          {
            title: t('tmc.field.amount'),
            dataIndex: 'Amount',
            align: 'right',
            render: (v: string) => <span className="amount">{formatAmount(v)}</span>,
          },
          { title: t('tmc.field.apply'), dataIndex: 'ApplyNo', render: (v: string | null) => v ?? '' },
          {
            title: '',
            key: 'add',
            render: (_v, r) => (
              <Button size="small" icon={<PlusOutlined />} onClick={() => add(r)} data-testid={`tmc-add-${r.TicketNo}`}>
                {t('tmc.tickets.add')}
              </Button>
            ),
          },
        ]}
      />
    </Flex>
  );
}
