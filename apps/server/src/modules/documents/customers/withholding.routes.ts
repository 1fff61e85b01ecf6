import {
  type Culture,
  CustomerRow,
  ExportWithholdingBody,
  pageOf,
  SearchLecturerBody,
  SearchWithholdingBody,
  WithholdingRow,
} from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import { type ExportColumn, sendXlsx } from '../../../core/export';
import { postGroup } from '../../../core/http';
import { searchCustomers } from '../../masterdata/customers/customer.service';
import * as withholding from './withholding.service';

/** The lecture-fee withholding list (screen lectureFeeWithholding, decision 050): search, its lecturers, Excel. */
export async function withholdingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const call = postGroup(app, {
    base: '/api/LectureFeeWithholding',
    permission: 'lectureFeeWithholding',
    tags: ['finance'],
  });
  call(
    'Search',
    {
      summary: 'Per lecturer and month: fees before tax, individual income tax withheld and paid after it; ID masked',
      body: SearchWithholdingBody,
      response: pageOf(WithholdingRow),
    },
    async (req) => withholding.search(ctx.db, actorOf(req), req.body),
  );
  call(
    'SearchLecturer',
    {
      summary: 'The lecturers (HCPs) of the company, for the filter',
      body: SearchLecturerBody,
      response: pageOf(CustomerRow),
    },
    async (req) => {
      const a = actorOf(req);
      return searchCustomers(
        ctx.db,
        a.companyId,
        { kind: 'HCP', keyword: req.body.Keyword, ids: req.body.HCPIDs, page: req.body, coveredBy: a.userId },
        a.culture,
      );
    },
  );
  call(
    'ExportExcel',
    {
      summary: 'The rows with the same filters as Excel for the monthly IIT filing, headers in the caller’s language',
      body: ExportWithholdingBody,
    },
    async (req, reply) => {
      const rows = await withholding.exportRows(ctx.db, actorOf(req), req.body);
      const t = (k: string) => ctx.messages.t(k, req.culture);
      return sendXlsx(
        reply,
        `${t('menu.account.lectureFeeWithholding')}.xlsx`,
        'lectureFeeWithholding',
        columns(ctx, req.culture),
        rows,
      );
    },
  );
}

function columns(ctx: AppContext, culture: Culture): ExportColumn<WithholdingRow>[] {
  const h = (k: string) => ctx.messages.t(`withholding.field.${k}`, culture);
  return [
    { header: h('month'), width: 10, value: (r) => r.Month },
    { header: h('code'), width: 12, value: (r) => r.HCPCode },
    { header: h('name'), width: 16, value: (r) => r.Name },
    { header: h('idNumber'), width: 22, value: (r) => r.IDNumber },
    { header: h('fees'), width: 8, value: (r) => r.Fees },
    { header: h('gross'), width: 14, value: (r) => r.Gross },
    { header: h('tax'), width: 14, value: (r) => r.Tax },
    { header: h('net'), width: 14, value: (r) => r.Net },
  ];
}
