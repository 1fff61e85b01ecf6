import type {
  DeleteDeductionResult,
  FixedAssetRow,
  InvoiceDeduction,
  NoDeductRow,
  Page,
  SaveVatAdjustmentBody,
  VatAdjustmentRef,
  VatAdjustmentRow,
} from '@ems/contracts';
import { http } from '../../../app/api';

/** The VAT adjustment calls (TaxManager). */
export const taxApi = {
  search: (body: Record<string, unknown>) => http.post<Page<NoDeductRow>>('/api/TaxManager/SearchNoDeductList', body),
  load: (invoiceId: number) => http.post<InvoiceDeduction>('/api/TaxManager/LoadInvoice', { InvoiceID: invoiceId }),
  save: (body: SaveVatAdjustmentBody) => http.post<VatAdjustmentRow>('/api/TaxManager/SaveInvoice', body),
  apply: (body: VatAdjustmentRef) => http.post<VatAdjustmentRow>('/api/TaxManager/UpdateDeduction', body),
  remove: (body: VatAdjustmentRef) => http.post<DeleteDeductionResult>('/api/TaxManager/DeleteDeduction', body),
};

/** The fixed-asset records. */
export const assetApi = {
  search: (body: Record<string, unknown>) => http.post<Page<FixedAssetRow>>('/api/FixedAssets/Search', body),
  export: (filters: Record<string, unknown>) =>
    http.download('/api/FixedAssets/ExportExcel', filters, { overlay: true }),
};
