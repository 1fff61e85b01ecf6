import type { TMCTicket } from '@ems/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notice } from '../../../app/notice';
import { initTestI18n } from '../../../test/i18n';
import type { DocumentFormValues, LineValues } from '../../documents/form/formValues';
import { TmcTicketsPanel } from './TmcTicketsPanel';

const api = vi.hoisted(() => ({ token: vi.fn(), tickets: vi.fn() }));
vi.mock('./api', () => ({ tmcApi: api }));

const ticket = (over: Partial<TMCTicket>): TMCTicket => ({
  ID: 5,
  TicketNo: '781-0000000005',
  OrderNo: 'TMC-5',
  PassengerID: 9,
  PassengerCode: 'E009',
  PassengerName: '张伟',
  Flight: 'MU5101',
  FromCity: '上海',
  ToCity: '北京',
  FlightDate: '2026-11-20',
  Fare: '1200.00',
  Tax: '50.00',
  Amount: '1250.00',
  ApplyID: 41,
  ApplyNo: 'A100026110004',
  Meeting: false,
  ExpenseTypeID: 12,
  ExpenseTypeName: '差旅费',
  ExpenseItemID: 30,
  ExpenseItemName: '机票',
  PaidBy: 'company_tmc',
  State: 'open',
  DocumentID: null,
  DocNo: null,
  BookedAt: '2026-11-19T08:00:00.000Z',
  ...over,
});

/** A field the harness's form holds without showing it, as the deputy form's own fields do. */
const Held = (_props: { value?: unknown; onChange?: unknown }) => null;

/** The panel on a form as the deputy screen has it: a type, an apply and lines (a new form's blank first line). */
function show(initial: Partial<DocumentFormValues> = {}) {
  let form!: FormInstance<DocumentFormValues>;
  function Harness() {
    const [f] = Form.useForm<DocumentFormValues>();
    form = f;
    return (
      <Form form={f} initialValues={{ Currency: 'CNY', Lines: [{}], Loans: [], ...initial }}>
        <Form.Item name="ExpenseTypeID" hidden>
          <Held />
        </Form.Item>
        <Form.Item name="ApplyID" hidden>
          <Held />
        </Form.Item>
        <Form.Item name="Lines" hidden>
          <Held />
        </Form.Item>
        <TmcTicketsPanel form={f} />
      </Form>
    );
  }
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Harness />
    </QueryClientProvider>,
  );
  return () => form;
}

beforeEach(() => {
  api.token.mockReset();
  api.tickets.mockReset();
  api.tickets.mockResolvedValue({
    Total: 2,
    Rows: [ticket({}), ticket({ ID: 6, TicketNo: '781-0000000006', Flight: 'CA1502', Amount: '880.50' })],
  });
  vi.spyOn(notice, 'success').mockImplementation(() => undefined);
  vi.spyOn(notice, 'warning').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('TMC tickets panel', () => {
  it('offers the open tickets and adds one as a company-paid line, taking the claim’s type from it', async () => {
    await initTestI18n('en-GB');
    const form = show();
    const table = await screen.findByRole('table', undefined, { timeout: 8000 });
    expect(await within(table).findByText('781-0000000005')).toBeTruthy();
    expect(within(table).getAllByText('上海 → 北京')).toHaveLength(2);
    expect(within(table).getByText('880.50')).toBeTruthy();
    expect(api.tickets).toHaveBeenCalledWith({ State: 'open', PageSize: 100 });

    fireEvent.click(screen.getByTestId('tmc-add-781-0000000005'));
    await waitFor(() => expect(within(table).queryByText('781-0000000005')).toBeNull());
    const values = form().getFieldsValue(true) as DocumentFormValues;
    expect(values.ExpenseTypeID).toBe(12);
    // The blank first line gave way to the ticket.
    expect(values.Lines).toHaveLength(1);
    const [line] = values.Lines as [LineValues];
    expect(line).toMatchObject({
      TMCTicketID: 5,
      ExpenseItemID: 30,
      Amount: '1250.00',
      Description: '781-0000000005 MU5101 上海-北京',
    });
    expect(line.ExpenseDate?.format('YYYY-MM-DD')).toBe('2026-11-20');
    // The other ticket is still offered; with the claim's type now set, only tickets of that type are asked for.
    await waitFor(() =>
      expect(api.tickets).toHaveBeenLastCalledWith({ State: 'open', PageSize: 100, ExpenseTypeID: 12 }),
    );
    expect(await screen.findByText('781-0000000006')).toBeTruthy();
    expect(screen.queryByText('781-0000000005')).toBeNull();
  });

  it('keeps the lines and the type already on the form, and offers no ticket already there', async () => {
    await initTestI18n('zh-CN');
    const form = show({
      ExpenseTypeID: 14,
      Lines: [
        { ExpenseItemID: 31, Amount: '100.00', Description: '酒店' },
        { TMCTicketID: 6, Amount: '880.50' },
      ],
    });
    const table = await screen.findByRole('table', undefined, { timeout: 8000 });
    expect(await within(table).findByText('781-0000000005')).toBeTruthy();
    expect(within(table).queryByText('781-0000000006')).toBeNull();
    expect(api.tickets).toHaveBeenCalledWith({ State: 'open', PageSize: 100, ExpenseTypeID: 14 });
    fireEvent.click(within(table).getByRole('button', { name: /添加到明细/ }));
    await waitFor(() => expect((form().getFieldValue('Lines') as LineValues[]).length).toBe(3));
    expect(form().getFieldValue('ExpenseTypeID')).toBe(14);
    expect((form().getFieldValue('Lines') as LineValues[]).map((l) => l.TMCTicketID ?? null)).toEqual([null, 6, 5]);
  });

  it('shows its empty state when there is nothing to claim, and hands over to the TMC for the form’s apply', async () => {
    await initTestI18n('en-GB');
    api.tickets.mockResolvedValue({ Total: 0, Rows: [] });
    api.token.mockResolvedValue({
      Token: 'tok',
      Url: '/tmc-sim?token=tok',
      ExpiresAt: '2026-11-25T03:00:00.000Z',
      TMCCompany: 'Sim TMC',
      Simulated: true,
    });
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    show({ ApplyID: 41 });
    expect(await screen.findByText('No TMC tickets to claim', undefined, { timeout: 8000 })).toBeTruthy();
    fireEvent.click(screen.getByTestId('tmc-refresh'));
    await waitFor(() => expect(api.tickets).toHaveBeenCalledTimes(2));
    fireEvent.click(screen.getByTestId('tmc-book'));
    await waitFor(() => expect(tab.location.href).toContain('/tmc-sim?token=tok'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(api.token).toHaveBeenCalledWith({ ApplyID: 41 });
    expect(tab.opener).toBeNull();
    expect(notice.success).toHaveBeenCalledWith('The Sim TMC booking site opened in a new window');
  });
});
