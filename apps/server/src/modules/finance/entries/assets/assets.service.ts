import type { Culture, ExportFixedAssetBody, FixedAssetRow, Page, SearchFixedAssetBody } from '@ems/contracts';
import type { Actor } from '../../../../core/actor';
import type { Db } from '../../../../core/db';
import { localName } from '../../../../core/i18n';
import * as repo from './assets.repository';

const nameOf = (culture: Culture, zh: string | null, en: string | null) =>
  zh ? localName(culture, zh, en ?? zh) : null;

function row(r: repo.AssetListRow, culture: Culture): FixedAssetRow {
  return {
    FixedAssetID: r.a.id,
    AssetNo: r.a.assetNo,
    DocumentID: r.a.documentId,
    DocNo: r.docNo,
    LineNo: r.a.lineNo,
    ItemName: nameOf(culture, r.itemZh, r.itemEn),
    Description: r.a.description,
    CostCenterName: nameOf(culture, r.ccZh, r.ccEn),
    ProductName: nameOf(culture, r.productZh, r.productEn),
    EmployeeName: nameOf(culture, r.holderZh, r.holderEn),
    AcquiredOn: r.a.acquiredOn,
    Amount: r.a.amount,
    GLAccount: r.a.glAccount,
    Period: r.period,
    State: r.voucherState === 'cancelled' ? 'cancelled' : 'active',
    VoucherState: r.voucherState,
    ErpDocNo: r.erpDocNo,
  };
}

/** The fixed-asset records claims created (DESIGN §12), searched and paged. */
export async function search(db: Db, actor: Actor, body: SearchFixedAssetBody): Promise<Page<FixedAssetRow>> {
  const { total, rows } = await repo.searchAssets(db, actor.companyId, body);
  return { Total: total, Rows: rows.map((r) => row(r, actor.culture)) };
}

/** Every record the filters find, for the Excel export, in the list's order. */
export async function exportRows(db: Db, actor: Actor, body: ExportFixedAssetBody): Promise<FixedAssetRow[]> {
  return (await search(db, actor, { ...body, PageIndex: 1, PageSize: 100_000 })).Rows;
}
