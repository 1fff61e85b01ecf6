import type { FinanceDocumentRow } from '@ems/contracts';
import { ListPage } from '../../shared/list-page';
import { DOCUMENT_COLUMNS, DOCUMENT_FILTERS } from '../finance/posting/lists';
import { reportsApi } from './api';

/** The document list: loans and claims in finance's hands with their ERP number, the whole filter exportable. */
export default function DocumentListPage() {
  return (
    <ListPage<FinanceDocumentRow>
      titleKey="menu.report.documentList"
      queryKey="report-document-list"
      searchCall={reportsApi.documents}
      exportCall={reportsApi.exportDocuments}
      rowKey="ID"
      columns={DOCUMENT_COLUMNS}
      filters={DOCUMENT_FILTERS}
    />
  );
}
