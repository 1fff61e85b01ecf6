import type { SearchTMCTicketBody, TMCTicketPage, TMCToken, TMCTokenBody } from '@ems/contracts';
import { http } from '../../../app/api';

/** The TMC calls: the signed hand-over to the booking site, and the employee's booked tickets. */
export const tmcApi = {
  token: (body: TMCTokenBody) => http.post<TMCToken>('/api/document/GetTMCToken', body),
  tickets: (body: Partial<SearchTMCTicketBody>) => http.post<TMCTicketPage>('/api/document/SearchTMCTicket', body),
};
