import type { DocumentDetail } from '@ems/contracts';
import type { DbContext } from '../../core/context';
import type { SessionUser } from '../../core/http';
import { chargeable } from '../../modules/documents/form/form.service';
import * as apportion from '../../modules/documents/parts/apportion.service';
import * as orders from '../../modules/documents/parts/orders.service';
import type { Caller } from '../../modules/documents/parts/part';
import * as pay from '../../modules/documents/parts/pay.service';
import * as trips from '../../modules/documents/parts/trip.service';

const REQUEST = 'demo-seed';

/**
 * Gives some demo documents their parts through the real services, in turns by their place in the plan: a business
 * trip's itinerary with the cost split across two cost centres (half of its first line to one product line), a
 * vendor paid directly against a purchase order, and otherwise an air ticket shared with a colleague. Answers the version
 * the document has afterwards.
 */
export async function addDemoParts(
  ctx: DbContext,
  user: SessionUser,
  d: DocumentDetail,
  turn: number,
  colleagueId: number,
): Promise<number> {
  const c: Caller = {
    userId: user.userId,
    companyId: user.companyId,
    teamId: user.teamId,
    culture: 'zh-CN',
    requestId: REQUEST,
    user,
  };
  let version = d.Version;
  const ref = () => ({ DocumentID: d.ID, Version: version });
  const day = (d.Lines[0]?.ExpenseDate ?? '2026-01-01') as string;
  if (turn % 3 === 0) {
    version = (
      await trips.save(ctx, c, {
        ...ref(),
        FromCity: '上海',
        ToCity: '北京',
        DepartDate: day,
        ArriveDate: day,
        Transport: 'air',
        Remark: '拜访客户',
      })
    ).Version;
    version = (
      await trips.save(ctx, c, {
        ...ref(),
        FromCity: '北京',
        ToCity: '上海',
        DepartDate: day,
        ArriveDate: day,
        Transport: 'train',
      })
    ).Version;
    const centres = (await chargeable(ctx.db, user, 'zh-CN')).Rows.filter((r) => r.Kind === 'cost_centre');
    if (centres.length >= 2 && d.Lines.length) {
      version = (
        await apportion.save(ctx, c, {
          ...ref(),
          Rows: [
            { CostCenterID: centres[0]!.ID, Percent: '60' },
            { CostCenterID: centres[1]!.ID, Percent: '40' },
          ],
        })
      ).Version;
      version = (
        await apportion.save(ctx, c, {
          ...ref(),
          LineNo: 1,
          Rows: [
            { CostCenterID: centres[0]!.ID, Percent: '33.33' },
            { CostCenterID: centres[1]!.ID, Percent: '66.67' },
          ],
        })
      ).Version;
    }
  }
  if (d.DocType !== 'deputy') return version;
  if (turn % 3 === 1) {
    const vendor = (await pay.searchVendors(ctx.db, c, { Limit: 20 })).Rows.find((v) => v.BankAccount);
    if (vendor) {
      version = (await pay.save(ctx, c, { ...ref(), PayeeKind: 'vendor', VendorCode: vendor.Code })).Version;
      version = (
        await orders.savePurchaseOrder(ctx, c, {
          ...ref(),
          PONo: `PO${String(4500000 + d.ID)}`,
          VendorCode: vendor.Code,
          Amount: d.TotalAmount,
          Remark: '框架协议采购',
        })
      ).Version;
    }
  }
  if (turn % 3 !== 1 && colleagueId !== d.ApplicantID) {
    version = (
      await orders.saveAirTicketShare(ctx, c, {
        ...ref(),
        TicketNo: `781${String(d.ID).padStart(10, '0')}`,
        TicketAmount: '1580.00',
        Shares: [{ EmployeeID: d.ApplicantID }, { EmployeeID: colleagueId }],
      })
    ).Version;
  }
  return version;
}
