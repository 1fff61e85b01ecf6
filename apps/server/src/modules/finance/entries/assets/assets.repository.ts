import type { SearchFixedAssetBody } from '@ems/contracts';
import { and, count, desc, eq, gte, lte, ne } from 'drizzle-orm';
import type { Db } from '../../../../core/db';
import { keywordIn, orderFrom, paged } from '../../../../core/list';
import { document } from '../../../documents/document.table';
import { costCentre } from '../../../masterdata/costcentre.table';
import { expenseItem } from '../../../masterdata/expense.table';
import { product } from '../../../masterdata/reference.table';
import { employee } from '../../../org/org.table';
import { voucher } from '../entries.table';
import { fixedAsset } from './fixed-asset.table';

function where(companyId: number, f: Omit<SearchFixedAssetBody, 'PageIndex' | 'PageSize'>) {
  return and(
    eq(fixedAsset.companyId, companyId),
    f.CostCenterID ? eq(fixedAsset.costCentreId, f.CostCenterID) : undefined,
    f.State === 'cancelled' ? eq(voucher.state, 'cancelled') : undefined,
    f.State === 'active' ? ne(voucher.state, 'cancelled') : undefined,
    f.DateFrom ? gte(fixedAsset.acquiredOn, f.DateFrom) : undefined,
    f.DateTo ? lte(fixedAsset.acquiredOn, f.DateTo) : undefined,
    keywordIn(f.Keyword, [
      fixedAsset.assetNo,
      document.docNo,
      fixedAsset.description,
      expenseItem.nameZh,
      expenseItem.nameEn,
    ]),
  );
}

const SORTABLE = { AssetNo: fixedAsset.assetNo, AcquiredOn: fixedAsset.acquiredOn, Amount: fixedAsset.amount };

/** The company's fixed-asset records with their claim, item, cost centre, product, holder and voucher, paged. */
export async function searchAssets(db: Db, companyId: number, f: SearchFixedAssetBody) {
  const w = where(companyId, f);
  return paged(
    f,
    db
      .select({ n: count() })
      .from(fixedAsset)
      .innerJoin(voucher, eq(voucher.id, fixedAsset.voucherId))
      .innerJoin(document, eq(document.id, fixedAsset.documentId))
      .leftJoin(expenseItem, eq(expenseItem.id, fixedAsset.expenseItemId))
      .where(w),
    db
      .select({
        a: fixedAsset,
        docNo: document.docNo,
        itemZh: expenseItem.nameZh,
        itemEn: expenseItem.nameEn,
        ccZh: costCentre.nameZh,
        ccEn: costCentre.nameEn,
        productZh: product.nameZh,
        productEn: product.nameEn,
        holderZh: employee.nameZh,
        holderEn: employee.nameEn,
        voucherState: voucher.state,
        period: voucher.period,
        erpDocNo: voucher.erpDocNo,
      })
      .from(fixedAsset)
      .innerJoin(voucher, eq(voucher.id, fixedAsset.voucherId))
      .innerJoin(document, eq(document.id, fixedAsset.documentId))
      .leftJoin(expenseItem, eq(expenseItem.id, fixedAsset.expenseItemId))
      .leftJoin(costCentre, eq(costCentre.id, fixedAsset.costCentreId))
      .leftJoin(product, eq(product.id, fixedAsset.productId))
      .leftJoin(employee, eq(employee.id, fixedAsset.employeeId))
      .where(w)
      .orderBy(orderFrom(SORTABLE, f, fixedAsset.acquiredOn), desc(fixedAsset.id)),
  );
}

export type AssetListRow = Awaited<ReturnType<typeof searchAssets>>['rows'][number];
