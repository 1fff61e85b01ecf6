import type { RemitRow } from '@ems/contracts';
import { ListPage } from '../../shared/list-page';
import { REMIT_COLUMNS, REMIT_FILTERS } from '../finance/posting/lists';
import { reportsApi } from './api';

/** Payment vouchers: what posted claims owe each payee, with the payee's bank account. */
export default function PaymentVoucherPage() {
  return (
    <ListPage<RemitRow>
      titleKey="menu.report.paymentVoucher"
      queryKey="report-payment-vouchers"
      searchCall={reportsApi.payables}
      exportCall={reportsApi.exportPayables}
      rowKey="DocNo"
      columns={REMIT_COLUMNS}
      filters={REMIT_FILTERS}
    />
  );
}
