import type {
  BusinessCardRow,
  CardTxnRow,
  ClaimBody,
  ClaimResult,
  ImportResult,
  Ok,
  Page,
  RideOrderRow,
  SaveBusinessCardBody,
  TurnResult,
} from '@ems/contracts';
import { http } from '../../app/api';
import { useMenuQuery } from '../../app/layout/queries';
import type { ExportProgress } from '../../shared/list-page';

const D = '/api/document';
type Refs = { ID: number; Version: number }[];
const refs = (rows: { ID: number; Version: number }[]): Refs => rows.map((r) => ({ ID: r.ID, Version: r.Version }));

/** My business card: the holder's transactions, marking personal ones, the claim, the export. */
export const cardApi = {
  search: (body: Record<string, unknown>) => http.post<Page<CardTxnRow>>(`${D}/SearchBusinessCard`, body),
  export: (body: Record<string, unknown>, progress: ExportProgress) =>
    http.download(`${D}/ExportBusinessCard`, body, progress),
  turnPrivate: (rows: CardTxnRow[]) =>
    http.post<TurnResult>(`${D}/TurnPersonalItemPrivate`, { Items: refs(rows) }, { overlay: true }),
  claim: (rows: CardTxnRow[], body: Omit<ClaimBody, 'Items'>) =>
    http.post<ClaimResult>(`${D}/SaveClaimDetail`, { Items: refs(rows), ...body }, { overlay: true }),
  /** The issuer's statement, for those who pay (expenseRemittance). */
  importStatement: (file: File) => http.upload<ImportResult>(`${D}/ImportBusinessCardStatement`, file),
};

/** The card registry, for those who receive the issuer's statements (expenseRemittance): numbers come masked. */
export const registryApi = {
  search: (body: Record<string, unknown>) =>
    http.post<Page<BusinessCardRow>>(`${D}/SearchBusinessCardRegistry`, activeOf(body)),
  export: (body: Record<string, unknown>, progress: ExportProgress) =>
    http.download(`${D}/ExportBusinessCardRegistry`, activeOf(body), progress),
  save: (body: Partial<SaveBusinessCardBody>) =>
    http.post<BusinessCardRow>(`${D}/SaveBusinessCard`, body, { overlay: true }),
  /** Cards from a sheet: employee code, whole card number, name on card, valid until. */
  importRegistry: (file: File) => http.upload<ImportResult>(`${D}/ImportBusinessCardRegistry`, file),
  remove: (row: BusinessCardRow) =>
    http.post<Ok>(`${D}/DeleteBusinessCard`, { ID: row.ID, Version: row.Version }, { overlay: true }),
};

/** The list's `Active` filter is text in the address ('true' / 'false'); the call takes a boolean. */
function activeOf(body: Record<string, unknown>): Record<string, unknown> {
  const { Active, ...rest } = body;
  return Active === 'true' || Active === 'false' ? { ...rest, Active: Active === 'true' } : rest;
}

/** My ride-hailing orders: the employee's (or, for a fill-in proxy, the principal's), turns, the claim, the export. */
export const orderApi = {
  search: (body: Record<string, unknown>) => http.post<Page<RideOrderRow>>(`${D}/SearchDidiOrder`, body),
  searchProxy: (body: Record<string, unknown>) => http.post<Page<RideOrderRow>>(`${D}/SearchDidiOrderProxy`, body),
  export: (body: Record<string, unknown>, progress: ExportProgress) =>
    http.download(`${D}/ExportDidiOrder`, body, progress),
  turn: (to: 'Private' | 'Business', rows: RideOrderRow[]) =>
    http.post<TurnResult>(`${D}/TurnDidiOrder${to}`, { Items: refs(rows) }, { overlay: true }),
  claim: (rows: RideOrderRow[], body: Omit<ClaimBody, 'Items'>) =>
    http.post<ClaimResult>(`${D}/SaveDidiOrder`, { Items: refs(rows), ...body }, { overlay: true }),
  /** The provider's statement, for those who pay (expenseRemittance). */
  importStatement: (file: File) => http.upload<ImportResult>(`${D}/ImportDidiOrderStatement`, file),
};

/** Whether the user receives the statements (the remittance clerks): they see the import. */
export function useMayImport(): boolean {
  return useMenuQuery().data?.Functions.includes('expenseRemittance') ?? false;
}
