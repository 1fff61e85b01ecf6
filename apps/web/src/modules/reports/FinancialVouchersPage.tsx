import type { RecordRow } from '@ems/contracts';
import { ListPage } from '../../shared/list-page';
import { RECORD_COLUMNS, RECORD_FILTERS } from '../finance/posting/lists';
import { reportsApi } from './api';

/** Financial vouchers: every voucher with its entries and posting state; the export has one row per entry. */
export default function FinancialVouchersPage() {
  return (
    <ListPage<RecordRow>
      titleKey="menu.report.financialVouchers"
      queryKey="report-financial-vouchers"
      searchCall={reportsApi.vouchers}
      exportCall={reportsApi.exportVouchers}
      rowKey="VoucherID"
      columns={RECORD_COLUMNS}
      filters={RECORD_FILTERS}
    />
  );
}
