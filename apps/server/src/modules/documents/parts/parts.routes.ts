import {
  AirTicketShareList,
  ApportionmentList,
  DeleteApportionBody,
  DeletePurchaseOrderBody,
  DeleteTripBody,
  DocumentDetail,
  DocumentPartBody,
  DocumentPartQuery,
  PayDetail,
  PayVendorRow,
  PurchaseOrderList,
  pageOf,
  SaveAirTicketShareBody,
  SaveApportionBody,
  SavePayDetailBody,
  SavePlanHeadBody,
  SavePurchaseOrderBody,
  SaveTripBody,
  SearchPayVendorBody,
  SearchVendorBody,
  TripList,
  VendorList,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context';
import { postGroup } from '../../../core/http';
import { saveApplyHead } from '../form/form.service';
import * as apportion from './apportion.service';
import * as orders from './orders.service';
import { callerOf } from './part';
import * as pay from './pay.service';
import * as trips from './trip.service';
import { httpVendorSearch, useVendorSearch } from './vendor.gateway';

/** Filling in documents is the personal expense centre's function; reading a part is open to whoever may open the document. */
const FILL_IN = 'personalExpense';

export async function documentPartRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (ctx.config.sapVendorUrl) useVendorSearch(httpVendorSearch(ctx.config.sapVendorUrl));
  const call = postGroup(app, { base: '/api/document', permission: FILL_IN, tags: ['documents'] });
  const read = { permission: 'authenticated', body: DocumentPartQuery } as const;

  call(
    'SearchApportion',
    {
      ...read,
      summary: 'How a document and its lines are shared across cost centres and products',
      response: ApportionmentList,
    },
    async (req) => apportion.search(ctx, callerOf(req), req.body.DocumentID),
  );
  call(
    'SaveApportion',
    {
      summary: 'Replace the shares of a document or of one line (percent, amounts to the cent)',
      body: SaveApportionBody,
      response: ApportionmentList,
    },
    async (req) => apportion.save(ctx, callerOf(req), req.body),
  );
  call(
    'DeleteApportion',
    {
      summary: 'Remove the shares of a document or of one line',
      body: DeleteApportionBody,
      response: ApportionmentList,
    },
    async (req) => apportion.remove(ctx, callerOf(req), req.body),
  );

  call('SearchTrip', { ...read, summary: 'The itinerary of a document', response: TripList }, async (req) =>
    trips.search(ctx, callerOf(req), req.body.DocumentID),
  );
  call(
    'SaveTrip',
    { summary: 'Add or change a segment of the itinerary', body: SaveTripBody, response: TripList },
    async (req) => trips.save(ctx, callerOf(req), req.body),
  );
  call(
    'DeleteTrip',
    { summary: 'Remove a segment of the itinerary', body: DeleteTripBody, response: TripList },
    async (req) => trips.remove(ctx, callerOf(req), req.body),
  );

  call(
    'SearchPayDetail',
    { ...read, summary: 'Whom a document pays: the applicant or a vendor, with the bank account', response: PayDetail },
    async (req) => pay.search(ctx, callerOf(req), req.body.DocumentID),
  );
  call(
    'SavePayDetail',
    { summary: 'Pay the applicant or a vendor of the SAP vendor master', body: SavePayDetailBody, response: PayDetail },
    async (req) => pay.save(ctx, callerOf(req), req.body),
  );
  call(
    'ResetPayDetail',
    { summary: 'Pay the applicant again (the default)', body: DocumentPartBody, response: PayDetail },
    async (req) => pay.reset(ctx, callerOf(req), req.body),
  );
  call(
    'SearchVendor',
    {
      summary: 'Search the SAP vendor master by code, name or tax number',
      body: SearchVendorBody,
      response: VendorList,
    },
    async (req) => pay.searchVendors(ctx.db, callerOf(req), req.body),
  );
  call(
    'SearchPayVendor',
    {
      summary: 'Vendors the company’s documents already pay, the most used first',
      body: SearchPayVendorBody,
      response: pageOf(PayVendorRow),
    },
    async (req) => pay.searchPayVendors(ctx.db, callerOf(req), req.body),
  );

  call(
    'SearchPurchaseOrder',
    { ...read, summary: 'Purchase orders a document pays against', response: PurchaseOrderList },
    async (req) => orders.searchPurchaseOrders(ctx, callerOf(req), req.body.DocumentID),
  );
  call(
    'SavePurchaseOrder',
    {
      summary: 'Add or change a purchase order of a document',
      body: SavePurchaseOrderBody,
      response: PurchaseOrderList,
    },
    async (req) => orders.savePurchaseOrder(ctx, callerOf(req), req.body),
  );
  call(
    'DeletePurchaseOrder',
    { summary: 'Remove a purchase order of a document', body: DeletePurchaseOrderBody, response: PurchaseOrderList },
    async (req) => orders.deletePurchaseOrder(ctx, callerOf(req), req.body),
  );

  call(
    'SearchAirTicketShare',
    {
      ...read,
      summary: 'Air tickets of a document and how each is shared across employees',
      response: AirTicketShareList,
    },
    async (req) => orders.searchAirTicketShares(ctx, callerOf(req), req.body.DocumentID),
  );
  call(
    'SaveAirTicketShare',
    {
      summary: 'Share one air ticket across employees (given amounts, or evenly)',
      body: SaveAirTicketShareBody,
      response: AirTicketShareList,
    },
    async (req) => orders.saveAirTicketShare(ctx, callerOf(req), req.body),
  );

  call(
    'SavePlanHead',
    {
      summary: 'Save an apply’s main information; its lines stay as they are',
      body: SavePlanHeadBody,
      response: DocumentDetail,
    },
    async (req) => {
      const c = callerOf(req);
      return saveApplyHead(ctx, c.user, req.body, c.culture, c.requestId);
    },
  );
}
