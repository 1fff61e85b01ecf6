import type { SharedDocument } from '@ems/contracts';
import { http } from '../../app/api';

/** What a signed link opens, without signing in: the calls are public and a refusal never ends a session. */
export const sharedApi = {
  document: (token: string) => http.post<SharedDocument>('/api/Shared/Document', { Token: token }, { public: true }),
  file: (token: string) => http.download('/api/Shared/Attachment', { Token: token }, { public: true }),
};
