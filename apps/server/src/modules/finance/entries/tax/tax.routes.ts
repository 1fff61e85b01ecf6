import {
  DeleteDeductionResult,
  InvoiceDeduction,
  InvoiceRef,
  NoDeductRow,
  pageOf,
  SaveVatAdjustmentBody,
  SearchNoDeductBody,
  VatAdjustmentRef,
  VatAdjustmentRow,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../../../core/actor';
import type { AppContext } from '../../../../core/context';
import { postGroup } from '../../../../core/http';
import * as tax from './tax.service';

/** VAT adjustments of booked claims (DESIGN §12, screen vatAdjustment). */
export async function taxRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const call = postGroup(app, { base: '/api/TaxManager', permission: 'vatAdjustment', tags: ['finance'] });
  call(
    'SearchNoDeductList',
    {
      summary: 'Fapiao of reviewed claims by deduction: not deducted, deducted, adjusted or all, paged',
      body: SearchNoDeductBody,
      response: pageOf(NoDeductRow),
    },
    async (req) => tax.search(ctx.db, actorOf(req), req.body),
  );
  call(
    'LoadInvoice',
    {
      summary: 'One fapiao with what may still be deducted or transferred out, and its adjustments',
      body: InvoiceRef,
      response: InvoiceDeduction,
    },
    async (req) => tax.load(ctx.db, actorOf(req), req.body.InvoiceID),
  );
  call(
    'SaveInvoice',
    {
      summary: 'Save a draft adjustment of a fapiao’s deductible VAT (deduct or transfer out); nothing is booked yet',
      body: SaveVatAdjustmentBody,
      response: VatAdjustmentRow,
    },
    async (req) => tax.save(ctx.db, actorOf(req), req.body),
  );
  call(
    'UpdateDeduction',
    {
      summary: 'Apply a draft adjustment: write its adjusting voucher and send it to the ERP',
      body: VatAdjustmentRef,
      response: VatAdjustmentRow,
    },
    async (req) => tax.apply(ctx.db, actorOf(req), req.body),
  );
  call(
    'DeleteDeduction',
    {
      summary: 'Delete a draft adjustment, or reverse an applied one with a reversing voucher sent to the ERP',
      body: VatAdjustmentRef,
      response: DeleteDeductionResult,
    },
    async (req) => tax.remove(ctx.db, actorOf(req), req.body),
  );
}
