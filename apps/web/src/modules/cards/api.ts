import type { CardTxnRow, ClaimBody, ClaimResult, ImportResult, Page, RideOrderRow, TurnResult } from '@ems/contracts';
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
