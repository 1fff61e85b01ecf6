import type { PostBatch, PostCenterBatchResult, PostCenterPage, PostCenterReceived } from '@ems/contracts';
import { http } from '../../../app/api';

export type PostView = 'awaiting' | 'batch';

export const postCentreApi = {
  search: (view: PostView, body: Record<string, unknown>) =>
    http.post<PostCenterPage>('/api/document/SearchPostCenter', { ...body, View: view }),
  receive: (docNo: string) => http.post<PostCenterReceived>('/api/document/PostCenterReceive', { DocNo: docNo }),
  returnAll: (batchId: number, reason: string) =>
    http.post<PostCenterBatchResult>(
      '/api/document/PostCenterReturnAll',
      { BatchID: batchId, Reason: reason },
      { overlay: true },
    ),
  deleteAll: (batchId: number) =>
    http.post<PostCenterBatchResult>('/api/document/PostCenterDeleteAll', { BatchID: batchId }, { overlay: true }),
  closeBatch: (batchId: number) =>
    http.post<PostBatch>('/api/document/PostCenterCloseBatch', { BatchID: batchId }, { overlay: true }),
};
