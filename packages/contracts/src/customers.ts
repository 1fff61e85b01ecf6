import { z } from 'zod';
import { DateOnly, Id, IdList, Money, Text, Version } from './common';
import { PageQuery } from './paging';

/** HCP/HCO customers, a document's attendees, its clinical-trial HCOs and its lecturer agreements. */

export const CUSTOMER_KINDS = ['HCP', 'HCO'] as const;
export const CustomerKind = z.enum(CUSTOMER_KINDS);
export type CustomerKind = z.infer<typeof CustomerKind>;

const Keyword = z.string().trim().max(100).optional();

/** Search_CustomerList / SearchCoverage: HCPs or HCOs to choose; the applicant's coverage first. */
export const SearchCustomerBody = PageQuery.extend({
  Kind: CustomerKind.default('HCP'),
  Keyword,
  /** The document the customers are chosen for: its applicant's coverage comes first. */
  DocumentID: Id.optional(),
  CustomerIDs: z.array(Id).max(500).optional(),
});
export type SearchCustomerBody = z.infer<typeof SearchCustomerBody>;

export const CustomerRow = z.object({
  Kind: CustomerKind,
  CustomerID: Id,
  Code: z.string(),
  Name: z.string(),
  NameZH: z.string(),
  NameEN: z.string(),
  /** HCP: the hospital. */
  HCOName: z.string().nullable(),
  Title: z.string().nullable(),
  Department: z.string().nullable(),
  /** HCO: grade, city and whether it runs clinical trials. */
  Level: z.string().nullable(),
  City: z.string().nullable(),
  IsClinicalTrial: z.boolean(),
  /** Covered by the applicant (or by the caller when no document is named). */
  Covered: z.boolean(),
});
export type CustomerRow = z.infer<typeof CustomerRow>;

/** SearchHCOList: hospitals; clinical-trial ones only when asked. */
export const SearchHcoBody = PageQuery.extend({
  Keyword,
  ClinicalTrialOnly: z.boolean().optional(),
  HCOIDs: z.array(Id).max(500).optional(),
});
export type SearchHcoBody = z.infer<typeof SearchHcoBody>;

/** SearchLecturer: HCPs who may lecture. */
export const SearchLecturerBody = PageQuery.extend({ Keyword, HCPIDs: z.array(Id).max(500).optional() });
export type SearchLecturerBody = z.infer<typeof SearchLecturerBody>;

export const DocumentRef = z.object({ DocumentID: Id });
export type DocumentRef = z.infer<typeof DocumentRef>;

export const CustomerReason = z.object({ ReasonID: Id, Code: z.string(), Name: z.string() });
export type CustomerReason = z.infer<typeof CustomerReason>;
export const CustomerReasonList = z.object({ Rows: z.array(CustomerReason) });
export type CustomerReasonList = z.infer<typeof CustomerReasonList>;

export const SelectedCustomer = z.object({
  ID: Id,
  LineNo: z.number().int(),
  Kind: CustomerKind,
  CustomerID: Id,
  Code: z.string(),
  Name: z.string(),
  HCOName: z.string().nullable(),
  Title: z.string().nullable(),
  Department: z.string().nullable(),
  ReasonID: Id.nullable(),
  ReasonName: z.string().nullable(),
  /** The line's amount split per head. */
  Amount: Money.nullable(),
});
export type SelectedCustomer = z.infer<typeof SelectedCustomer>;

/** The lines that take attendees (their expense item involves HCP), with their head count. */
export const AttendeeLine = z.object({
  LineNo: z.number().int(),
  ExpenseItemName: z.string().nullable(),
  Amount: Money.nullable(),
  Currency: z.string(),
  Heads: z.number().int(),
});
export type AttendeeLine = z.infer<typeof AttendeeLine>;

/** A document's own lists answer its Version (every change moves it) and whether the caller may change them. */
const Owned = { DocumentID: Id, Version, Editable: z.boolean() };

export const SelectedCustomerList = z.object({
  ...Owned,
  Lines: z.array(AttendeeLine),
  Rows: z.array(SelectedCustomer),
});
export type SelectedCustomerList = z.infer<typeof SelectedCustomerList>;

/** A change to one of a document's lists: the document and the Version the caller loaded. */
const Change = { DocumentID: Id, Version };

export const SaveChooseCustomerBody = z.object({
  ...Change,
  LineNo: z.number().int().min(1).max(10_000),
  Customers: z
    .array(z.object({ Kind: CustomerKind, CustomerID: Id, ReasonID: Id.nullish() }))
    .min(1)
    .max(200),
});
export type SaveChooseCustomerBody = z.infer<typeof SaveChooseCustomerBody>;

export const SaveCustomerReasonBody = z.object({ ...Change, ID: Id, ReasonID: Id });
export type SaveCustomerReasonBody = z.infer<typeof SaveCustomerReasonBody>;

export const DeleteDocumentRowsBody = z.object({ ...Change, IDs: IdList });
export type DeleteDocumentRowsBody = z.infer<typeof DeleteDocumentRowsBody>;

export const ClinicalTrialHcoRow = z.object({
  ID: Id,
  HCOID: Id,
  Code: z.string(),
  Name: z.string(),
  Level: z.string().nullable(),
  City: z.string().nullable(),
  Remark: z.string().nullable(),
});
export type ClinicalTrialHcoRow = z.infer<typeof ClinicalTrialHcoRow>;

export const ClinicalTrialHcoList = z.object({ ...Owned, Rows: z.array(ClinicalTrialHcoRow) });
export type ClinicalTrialHcoList = z.infer<typeof ClinicalTrialHcoList>;

export const SaveClinicalTrialHcoBody = z.object({
  ...Change,
  HCOIDs: z.array(Id).min(1).max(200),
  Remark: Text(500).nullish(),
});
export type SaveClinicalTrialHcoBody = z.infer<typeof SaveClinicalTrialHcoBody>;

export const FEE_BASES = ['gross', 'net'] as const;
export const FeeBasis = z.enum(FEE_BASES);
export type FeeBasis = z.infer<typeof FeeBasis>;

export const LecturerAgreementRow = z.object({
  ID: Id,
  DocumentID: Id,
  DocNo: z.string(),
  HCPID: Id,
  HCPCode: z.string(),
  HCPName: z.string(),
  HCOName: z.string().nullable(),
  Title: z.string().nullable(),
  Department: z.string().nullable(),
  MeetingName: z.string(),
  MeetingDate: z.string(),
  Topic: z.string().nullable(),
  FeeBasis,
  FeeBeforeTax: Money,
  Tax: Money,
  FeeAfterTax: Money,
  /**
   * The tax actually withheld, fixed when the claim entered approval on the lecturer's month total (decision 050);
   * null until then. `Tax` is the fee's tax on its own.
   */
  WithheldTax: Money.nullable(),
  Version,
});
export type LecturerAgreementRow = z.infer<typeof LecturerAgreementRow>;

export const LecturerAgreementList = z.object({ ...Owned, Rows: z.array(LecturerAgreementRow) });
export type LecturerAgreementList = z.infer<typeof LecturerAgreementList>;

export const SaveLecturerAgreementBody = z.object({
  ...Change,
  /** The agreement to change; none: a new one. */
  ID: Id.optional(),
  HCPID: Id,
  MeetingName: Text(200).min(1),
  MeetingDate: DateOnly,
  Topic: Text(200).nullish(),
  FeeBasis,
  /** Before tax when FeeBasis is gross, after tax when net. */
  Fee: Money,
});
export type SaveLecturerAgreementBody = z.infer<typeof SaveLecturerAgreementBody>;

export const LecturerAgreementIdBody = z.object({ ID: Id });
export type LecturerAgreementIdBody = z.infer<typeof LecturerAgreementIdBody>;
