import type { DocState, LoanPostingTab, SearchLoanPostingBody } from '@ems/contracts';
import { and, asc, count, eq, gte, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { keywordIn, orderFrom, paged } from '../../../core/list';
import { document as doc } from '../../documents/document.table';
import { employee } from '../../org/org.table';
import { voucher } from '../entries/entries.table';

/** Which loans each tab lists: by the document's state and, while it waits to post, by whether it was sent. */
function tabWhere(tab: LoanPostingTab): SQL {
  const states = (s: DocState[]) => inArray(doc.status, s);
  switch (tab) {
    case 'to_post':
      return and(states(['to_post']), sql`coalesce(${voucher.state}, 'open') = 'open'`) as SQL;
    case 'posting':
      return and(states(['to_post']), eq(voucher.state, 'queued')) as SQL;
    case 'failed':
      return states(['post_failed']);
    case 'posted':
      return states(['posted', 'remitting']);
    case 'paid':
      return states(['paid', 'closed']);
  }
}

/** The loan's live voucher (a chargeback cancels the earlier one). */
const loanVoucher = and(eq(voucher.documentId, doc.id), eq(voucher.kind, 'loan'), ne(voucher.state, 'cancelled'));

export async function searchPosting(db: Db, companyId: number, f: SearchLoanPostingBody) {
  const where = and(
    eq(doc.companyId, companyId),
    eq(doc.docType, 'loan'),
    tabWhere(f.Tab),
    keywordIn(f.Keyword, [doc.docNo, employee.code, employee.nameZh, employee.nameEn]),
    f.DateFrom ? gte(doc.approvedAt, sql`(${f.DateFrom}::date)::timestamp at time zone 'Asia/Shanghai'`) : undefined,
    f.DateTo ? lt(doc.approvedAt, sql`(${f.DateTo}::date + 1)::timestamp at time zone 'Asia/Shanghai'`) : undefined,
  );
  const sortable = {
    DocNo: doc.docNo,
    EmployeeCode: employee.code,
    Amount: doc.totalAmount,
    ApprovedOn: doc.approvedAt,
  };
  return paged(
    f,
    db
      .select({ n: count() })
      .from(doc)
      .innerJoin(employee, eq(employee.id, doc.applicantId))
      .leftJoin(voucher, loanVoucher)
      .where(where),
    db
      .select({
        id: doc.id,
        docNo: doc.docNo,
        status: doc.status,
        amount: doc.totalAmount,
        // The Shanghai day, as the loan accounts show it.
        approvedOn: sql<string | null>`((${doc.approvedAt} at time zone 'Asia/Shanghai')::date)::text`,
        version: doc.version,
        code: employee.code,
        nameZh: employee.nameZh,
        nameEn: employee.nameEn,
        voucherId: voucher.id,
        voucherState: voucher.state,
        postingDate: voucher.postingDate,
        erpDocNo: voucher.erpDocNo,
        lastError: voucher.lastError,
      })
      .from(doc)
      .innerJoin(employee, eq(employee.id, doc.applicantId))
      .leftJoin(voucher, loanVoucher)
      .where(where)
      .orderBy(orderFrom(sortable, f, doc.approvedAt), asc(doc.id)),
  );
}
