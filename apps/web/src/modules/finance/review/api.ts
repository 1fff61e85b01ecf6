import type {
  ReturnDetail,
  ReturnPage,
  ReturnRow,
  ReviewBatchResult,
  ReviewOrder,
  ReviewPage,
  ReviewReasonList,
  SMENameList,
} from '@ems/contracts';
import { http } from '../../../app/api';

type Body = Record<string, unknown>;
export type Items = { ID: number; Version: number }[];
const batch = (path: string, body: Body) => http.post<ReviewBatchResult>(path, body, { overlay: true });

/** The accounting review's calls: write-off lists and actions, chargeback and S.T., the returns centre. */
export const reviewApi = {
  orderList: (body: Body) => http.post<ReviewPage>('/api/CheckDocument/OrderList', body),
  order: (id: number) => http.post<ReviewOrder>('/api/CheckDocument/Order', { ID: id }),
  pass: (check: 'normal' | 'special', items: Items, confirmNotReceived: boolean) =>
    batch(`/api/CheckDocument/${check === 'special' ? 'SpecialCheck' : 'NormalCheck'}`, {
      Items: items,
      ConfirmNotReceived: confirmNotReceived,
    }),
  backOrder: (items: Items, reasonId: number, comment?: string) =>
    batch('/api/CheckDocument/BackOrder', { Items: items, ReasonID: reasonId, Comment: comment }),
  cancelWriteOff: (items: Items, comment?: string) =>
    batch('/api/CheckDocument/CancelWriteOff', { Items: items, Comment: comment }),

  orderData: (body: Body) => http.post<ReviewPage>('/api/Chargeback/OrderData', body),
  chargeback: (items: (Items[number] & { ReasonID: number; Comment?: string })[]) =>
    batch('/api/Chargeback/ChargebackNewOrder', { Items: items }),
  hold: (items: Items, reasonId: number, comment?: string) =>
    batch('/api/Chargeback/SaveSTOrder', { Action: 'hold', Items: items, ReasonID: reasonId, Comment: comment }),
  release: (items: Items, comment?: string) =>
    batch('/api/Chargeback/SaveSTOrder', { Action: 'release', Items: items, Comment: comment }),
  smeNames: () => http.post<SMENameList>('/api/Chargeback/GetSMEName', {}),
  assign: (ids: number[], smeId: number | null) => batch('/api/Chargeback/AssignSME', { IDs: ids, SMEID: smeId }),
  printOrder: (ids: number[]) => http.download('/api/Chargeback/PrintOrder', { IDs: ids }, { overlay: true }),

  reasons: (kind: 'chargeback' | 'st') =>
    http.post<ReviewReasonList>('/api/ReturnDocumentsCenter/SearchReason', { Kind: kind }),
  searchReturns: (body: Body) => http.post<ReturnPage>('/api/ReturnDocumentsCenter/Search', body),
  loadDetail: (id: number) => http.post<ReturnDetail>('/api/ReturnDocumentsCenter/LoadDetail', { ReturnID: id }),
  saveMain: (body: Body) => http.post<ReturnRow>('/api/ReturnDocumentsCenter/SaveMain', body, { overlay: true }),
  saveDetail: (body: Body) => http.post<ReturnDetail>('/api/ReturnDocumentsCenter/SaveDetail', body, { overlay: true }),
  reReceive: (row: ReturnRow) =>
    http.post(
      '/api/ReturnDocumentsCenter/ReReceive',
      { ReturnID: row.ReturnID, Version: row.Version },
      { overlay: true },
    ),
  printReturn: (id: number) => http.download('/api/ReturnDocumentsCenter/Print', { ReturnID: id }, { overlay: true }),
};

export const itemsOf = (rows: { ID: number; Version: number }[]): Items =>
  rows.map((r) => ({ ID: r.ID, Version: r.Version }));
