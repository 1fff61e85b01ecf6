import type {
  AttachmentRow,
  DocumentDetail,
  GRByMilestone,
  GRByMonth,
  GRData,
  GRList,
  GRRow,
  MilestoneList,
  MilestoneRow,
  SaveGRBody,
  SaveMilestoneBody,
} from '@ems/contracts';
import { http } from '../../../app/api';

const DOC = '/api/document';

/** An apply's milestones and goods receipts, a claim's relation to them, and the apply block (DESIGN §11). */
export const appliesApi = {
  milestones: (documentId: number) =>
    http.post<MilestoneList>(`${DOC}/SearchMilestoneList`, { DocumentID: documentId }),
  saveMilestone: (body: SaveMilestoneBody) => http.post<MilestoneRow>(`${DOC}/SaveMilestone`, body as never),
  deleteMilestone: (id: number, version: number) => http.post(`${DOC}/DeleteMilestone`, { ID: id, Version: version }),
  receipts: (documentId: number) => http.post<GRList>(`${DOC}/GetApplyRelGR`, { DocumentID: documentId }),
  unrelated: (documentId: number) => http.post<GRList>(`${DOC}/GetUnrelationGR`, { DocumentID: documentId }),
  relate: (documentId: number, ids: number[]) =>
    http.post<GRList>(`${DOC}/SaveRelationGR`, { DocumentID: documentId, GRIDs: ids }),
  unrelate: (documentId: number, ids: number[]) =>
    http.post<GRList>(`${DOC}/DelRelationGR`, { DocumentID: documentId, GRIDs: ids }),
  saveReceipt: (body: SaveGRBody) => http.post<GRRow>(`${DOC}/SaveGR`, body as never),
  deleteReceipt: (id: number, version: number) => http.post(`${DOC}/DeleteGR`, { ID: id, Version: version }),
  byMilestone: (documentId: number) =>
    http.post<GRByMilestone>(`${DOC}/GetGRDetailByMilestone`, { DocumentID: documentId }),
  byMonth: (documentId: number) => http.post<GRByMonth>(`${DOC}/GetGRDetailByMonth`, { DocumentID: documentId }),
  receipt: (id: number) => http.post<GRData>('/api/Preview/GetGRData', { ID: id }),
  /** The print-ready list of an apply's receipts. */
  sheet: (documentId: number) => http.post<GRList>('/api/Preview/GetGRList', { ID: documentId }),
  uploadReceiptFile: (documentId: number, grId: number, file: File) =>
    http.upload<AttachmentRow>('/api/UploadAttachment/SaveFile', file, {
      DocumentID: documentId,
      Kind: 'other',
      GoodsReceiptID: grId,
    }),
  deleteReceiptFile: (id: number) => http.post('/api/UploadAttachment/DeleteGRFile', { ID: id }),
  uploadEvidence: (documentId: number, kind: string, file: File) =>
    http.upload<AttachmentRow>('/api/UploadAttachment/SaveFile', file, { DocumentID: documentId, Kind: kind }),
  removeEvidence: (id: number) => http.post('/api/UploadAttachment/RemoveApplyBlockFile', { ID: id }),
  requestUnblock: (id: number, version: number, reason?: string) =>
    http.post<DocumentDetail>(`${DOC}/UpdateApplyUnblock`, { ID: id, Version: version, Reason: reason }),
  acceptUnlock: (id: number, version: number, reason: string) =>
    http.post<DocumentDetail>('/api/ApproveCenter/UpdateUnlockReason', { ID: id, Version: version, Reason: reason }),
};
