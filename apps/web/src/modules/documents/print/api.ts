import type { ShareLink } from '@ems/contracts';
import { http } from '../../../app/api';

export const printApi = {
  download: (id: number) => http.download('/api/document/DownloadPdf', { ID: id }, { overlay: true }),
  print: (id: number) => http.download('/api/document/PrintDocument', { ID: id }, { overlay: true }),
  shareDocument: (id: number) => http.post<ShareLink>('/api/document/GetShareLink', { ID: id }),
  shareFile: (id: number) => http.post<ShareLink>('/api/UploadAttachment/GetShareLink', { ID: id }),
};
