import type { AttachmentList, AttachmentRow, Base64ImageBody, FileTypeList, PreviewData } from '@ems/contracts';
import { http } from '../../../app/api';

const BASE = '/api/UploadAttachment';

/** A document's files (/api/UploadAttachment/). */
export const attachmentApi = {
  fileTypes: () => http.post<FileTypeList>(`${BASE}/SearchFileType`),
  list: (documentId: number) => http.post<AttachmentList>(`${BASE}/SearchAttachmentList`, { DocumentID: documentId }),
  upload: (documentId: number, kind: string, file: File, signal?: AbortSignal) =>
    http.upload<AttachmentRow>(
      `${BASE}/SaveFile`,
      file,
      { DocumentID: documentId, Kind: kind },
      signal ? { signal } : {},
    ),
  saveImage: (body: Base64ImageBody) => http.post<AttachmentRow>(`${BASE}/Base64StringToImage`, body),
  remove: (id: number) => http.post<{ Success: true }>(`${BASE}/RemoveFile`, { ID: id }),
  /** The picture or PDF itself, for showing it in the browser. */
  view: (id: number) => http.download(`${BASE}/GetImageFromFile`, { ID: id }),
  download: (id: number) => http.download(`${BASE}/DownloadFile`, { ID: id }, { overlay: true }),
  downloadAll: (documentId: number) =>
    http.download(`${BASE}/DownloadOrder`, { DocumentID: documentId }, { overlay: true }),
};

const PREVIEW_CALL = { apply: 'GetApplyData', loan: 'GetLoanData', deputy: 'GetDeputyData' } as const;

/** The print-ready view of a document (/api/Preview/). */
export const previewApi = {
  load: (docType: keyof typeof PREVIEW_CALL, id: number) =>
    http.post<PreviewData>(`/api/Preview/${PREVIEW_CALL[docType]}`, { ID: id }),
};
