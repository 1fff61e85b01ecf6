import { lineCents } from './plan';
import { exec, pick, type ScaleRun } from './run';
import { decidedAt, lastAt, submittedAt, textArray } from './times';

/** Ids of the planned documents of one batch, inclusive. */
export interface Batch {
  from: number;
  to: number;
}

const REASONS: Record<string, string[]> = {
  apply: ['科室会', '城市会', '学术会议', '客户拜访出差', '区域培训会'],
  loan: ['出差备用金', '会议备用金', '市场活动借款'],
  deputy: ['日常费用报销', '差旅报销', '会议费用报销', '办公用品报销', '客户招待报销'],
};

const reasonOf = `case p.doc_type ${Object.entries(REASONS)
  .map(([t, xs]) => `when '${t}' then (${textArray(xs)})[1 + ${pick('p.i', 31, xs.length)}]`)
  .join(' ')} end`;

/** The app's numbering (form.service.ts): A|L|D, company code, yyMM, the month's number padded to five digits. */
const docNo = `case p.doc_type when 'apply' then 'A' when 'loan' then 'L' else 'D' end || p.company_code || p.period
  || case when p.number < 100000 then lpad(p.number::text, 5, '0') else p.number::text end`;

/** The documents of a batch: numbered, dated, at their version, with totals the lines add up to. */
export function insertDocuments(run: ScaleRun, b: Batch): Promise<number> {
  const version = `1 + p.pre_n + p.approvals + (p.decided = 'rejected')::int + p.post_n`;
  return exec(
    run,
    `insert into document (id, company_id, doc_type, doc_no, expense_type_id, applicant_id, preparer_id, team_id,
       cost_centre_id, currency, total_amount, total_amount_cny, status, reason, start_date, end_date, long_term,
       round, submitted_at, approved_at, version, created_at, updated_at)
     select p.id, p.company_id, p.doc_type, ${docNo}, p.expense_type_id, p.applicant_id, p.preparer_id, p.team_id,
       p.cost_centre_id, 'CNY', p.total, p.total, p.status, ${reasonOf},
       case when p.doc_type = 'apply' then (p.created_at at time zone 'Asia/Shanghai')::date + 7 end,
       case when p.doc_type = 'apply' then (p.created_at at time zone 'Asia/Shanghai')::date + 9 end,
       p.doc_type = 'apply' and ${pick('p.i', 32, 20)} = 0,
       (p.route <> 'none')::int,
       case when p.route <> 'none' then ${submittedAt} end,
       case when p.route = 'all' then ${decidedAt} end,
       ${version}, p.created_at, ${lastAt}
     from scale_plan p where p.id between $1 and $2`,
    [b.from, b.to],
  );
}

/** The expense lines: items of the document's type (the first one on HCP spend when the document has it). */
export function insertLines(run: ScaleRun, b: Batch): Promise<number> {
  const any = (list: string, salt: number) => `${list}[1 + ${pick('p.i * 16 + k', salt, `cardinality(${list})`)}]`;
  return exec(
    run,
    `insert into expense_line (document_id, line_no, expense_item_id, expense_date, amount, currency, fx_rate,
       amount_cny, description)
     select x.id, x.k, x.item, x.day, x.amount, 'CNY', 1, x.amount, i.name_zh
     from (
       select p.id, k,
         case when cardinality(p.plain) = 0 then ${any('p.hcp_items', 33)}
              when p.hcp and k = 1 then ${any('p.hcp_items', 33)}
              else ${any('p.plain', 34)} end as item,
         (p.created_at at time zone 'Asia/Shanghai')::date - ${pick('p.i * 16 + k', 35, 15)}::int as day,
         (${lineCents('p.i', 'k', 'p.doc_type')}) / 100.0 as amount
       from scale_plan p cross join generate_series(1, p.nlines) k
       where p.id between $1 and $2) x
     join expense_item i on i.id = x.item`,
    [b.from, b.to],
  );
}

/**
 * Attachment rows: invoices on submitted reimbursements, an agreement on some applies. They all name one small file
 * stored once, so a document's attachments open and download like any other.
 */
export function insertAttachments(file: { key: string; sha256: string; size: number }) {
  return (run: ScaleRun, b: Batch): Promise<number> =>
    exec(
      run,
      `insert into attachment (document_id, kind, file_name, mime_type, size, sha256, storage_key, uploaded_by,
         uploaded_at)
       select p.id, case when p.doc_type = 'apply' then 'agreement' else 'invoice' end,
         case when p.doc_type = 'apply' then 'agreement.png' else 'invoice-' || n || '.png' end,
         'image/png', $3, $4, $5, p.preparer_id, p.created_at + p.u / 20
       from scale_plan p
       cross join generate_series(1, case when p.doc_type = 'deputy' then 1 + ${pick('p.i', 36, 2)}
         when p.doc_type = 'apply' and ${pick('p.i', 37, 5)} = 0 then 1 else 0 end) n
       where p.id between $1 and $2 and p.route <> 'none'`,
      [b.from, b.to, file.size, file.sha256, file.key],
    );
}
