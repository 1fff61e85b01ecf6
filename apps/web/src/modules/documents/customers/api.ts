import type {
  ClinicalTrialHcoList,
  CustomerKind,
  CustomerReasonList,
  CustomerRow,
  LecturerAgreementList,
  Page,
  SaveLecturerAgreementBody,
  SelectedCustomerList,
  WithholdingRow,
} from '@ems/contracts';
import { http } from '../../../app/api';

const DOC = '/api/document';
const VIEW = '/api/DocumentViewCenter';

/** A document's HCP/HCO attendees, clinical-trial HCOs and lecturer agreements, and the customers to choose from. */
export const customerApi = {
  customers: (body: { Kind: CustomerKind; Keyword?: string; DocumentID?: number; CustomerIDs?: number[] }) =>
    http.post<Page<CustomerRow>>(`${DOC}/Search_CustomerList`, { PageSize: 30, ...body }),
  coverage: (body: { Kind: CustomerKind; Keyword?: string; DocumentID?: number }) =>
    http.post<Page<CustomerRow>>(`${DOC}/SearchCoverage`, { PageSize: 30, ...body }),
  hcos: (body: { Keyword?: string; ClinicalTrialOnly?: boolean; HCOIDs?: number[] }) =>
    http.post<Page<CustomerRow>>(`${DOC}/SearchHCOList`, { PageSize: 30, ...body }),
  lecturers: (body: { Keyword?: string; HCPIDs?: number[] }) =>
    http.post<Page<CustomerRow>>(`${DOC}/SearchLecturer`, { PageSize: 30, ...body }),
  reasons: () => http.post<CustomerReasonList>(`${DOC}/GetCustomerReasonList`),
  selected: (documentId: number) =>
    http.post<SelectedCustomerList>(`${DOC}/Search_SelectedCustomerList`, { DocumentID: documentId }),
  choose: (body: {
    DocumentID: number;
    Version: number;
    LineNo: number;
    Customers: { Kind: CustomerKind; CustomerID: number; ReasonID?: number }[];
  }) => http.post<SelectedCustomerList>(`${DOC}/SaveChooseCustomer`, body),
  saveReason: (body: { DocumentID: number; Version: number; ID: number; ReasonID: number }) =>
    http.post<SelectedCustomerList>(`${DOC}/SaveCustomerReasonSingle`, body),
  unchoose: (body: { DocumentID: number; Version: number; IDs: number[] }) =>
    http.post<SelectedCustomerList>(`${DOC}/DeleteChooseCustomer`, body),
  clinical: (documentId: number) =>
    http.post<ClinicalTrialHcoList>(`${DOC}/SearchClinicalTrialHCO`, { DocumentID: documentId }),
  saveClinical: (body: { DocumentID: number; Version: number; HCOIDs: number[] }) =>
    http.post<ClinicalTrialHcoList>(`${DOC}/SaveClinicalTrialHCO`, body),
  deleteClinical: (body: { DocumentID: number; Version: number; IDs: number[] }) =>
    http.post<ClinicalTrialHcoList>(`${DOC}/DeleteClinicalTrialHCO`, body),
  agreements: (documentId: number) =>
    http.post<LecturerAgreementList>(`${VIEW}/SearchLecturerAgreement`, { DocumentID: documentId }),
  saveAgreement: (body: SaveLecturerAgreementBody) =>
    http.post<LecturerAgreementList>(`${VIEW}/SaveLecturerAgreementSingle`, body as never),
  deleteAgreement: (body: { DocumentID: number; Version: number; IDs: number[] }) =>
    http.post<LecturerAgreementList>(`${VIEW}/DeleteLecturerAgreement`, body),
  printAgreement: (id: number) => http.download(`${VIEW}/PrintLecturerAgreement`, { ID: id }, { overlay: true }),
};

const IIT = '/api/LectureFeeWithholding';

/** The lecture-fee withholding list (screen lectureFeeWithholding), its lecturers and its Excel export. */
export const withholdingApi = {
  search: (body: Record<string, unknown>) => http.post<Page<WithholdingRow>>(`${IIT}/Search`, body),
  lecturers: (body: { Keyword?: string; HCPIDs?: number[] }) =>
    http.post<Page<CustomerRow>>(`${IIT}/SearchLecturer`, { PageSize: 30, ...body }),
  export: (filters: Record<string, unknown>) => http.download(`${IIT}/ExportExcel`, filters, { overlay: true }),
};
