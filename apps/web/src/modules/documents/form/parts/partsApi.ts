import type {
  AirTicketShareList,
  ApportionmentList,
  Page,
  PayDetail,
  PayVendorRow,
  PurchaseOrderList,
  SaveAirTicketShareBody,
  SaveApportionBody,
  SavePayDetailBody,
  SavePurchaseOrderBody,
  SaveTripBody,
  TripList,
  VendorList,
} from '@ems/contracts';
import { http } from '../../../../app/api';

/** A body as the form holds it (the client adds the enrichment fields). */
type Input<T> = T & Record<string, unknown>;
const url = (action: string) => `/api/document/${action}`;
type Ref = { DocumentID: number; Version: number };

/** The calls of a document's parts; every change sends the document version it was made on and answers the new one. */
export const partsApi = {
  apportion: (id: number) => http.post<ApportionmentList>(url('SearchApportion'), { DocumentID: id }),
  saveApportion: (body: Input<SaveApportionBody>) => http.post<ApportionmentList>(url('SaveApportion'), body),
  deleteApportion: (body: Ref & { LineNo: number | null }) =>
    http.post<ApportionmentList>(url('DeleteApportion'), body),
  trips: (id: number) => http.post<TripList>(url('SearchTrip'), { DocumentID: id }),
  saveTrip: (body: Input<SaveTripBody>) => http.post<TripList>(url('SaveTrip'), body),
  deleteTrip: (body: Ref & { ID: number }) => http.post<TripList>(url('DeleteTrip'), body),
  pay: (id: number) => http.post<PayDetail>(url('SearchPayDetail'), { DocumentID: id }),
  savePay: (body: Input<SavePayDetailBody>) => http.post<PayDetail>(url('SavePayDetail'), body),
  resetPay: (body: Ref) => http.post<PayDetail>(url('ResetPayDetail'), body),
  vendors: (body: { Keyword?: string; Code?: string }) => http.post<VendorList>(url('SearchVendor'), body),
  payVendors: () => http.post<Page<PayVendorRow>>(url('SearchPayVendor'), { PageIndex: 1, PageSize: 20 }),
  orders: (id: number) => http.post<PurchaseOrderList>(url('SearchPurchaseOrder'), { DocumentID: id }),
  saveOrder: (body: Input<SavePurchaseOrderBody>) => http.post<PurchaseOrderList>(url('SavePurchaseOrder'), body),
  deleteOrder: (body: Ref & { ID: number }) => http.post<PurchaseOrderList>(url('DeletePurchaseOrder'), body),
  tickets: (id: number) => http.post<AirTicketShareList>(url('SearchAirTicketShare'), { DocumentID: id }),
  saveTicket: (body: Input<SaveAirTicketShareBody>) => http.post<AirTicketShareList>(url('SaveAirTicketShare'), body),
};
