import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOC_STATES, type DocType } from '@ems/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/app';
import { onPostgres } from '../../../test/concurrency';
import { type Masters, type Session, saveDeputy } from '../../../test/documents';
import { documentMasters } from '../../../test/factories';
import { shanghaiToday } from '../../core/time';
import { hashPassword } from '../../modules/auth/auth.service';
import { check } from '../../modules/documents/lifecycle/document.state';
import { DEMO_PASSWORD } from '../seed/demo-org.data';
import { generateScale } from './generate';
import { parseOptions, ScaleUsageError } from './options';
import { peoplePerCompany, unitsFor } from './org';
import { pathRows, pathTo, STATE_MIX } from './paths';
import { verifyReferences } from './references';

describe('generated paths through the lifecycle', () => {
  it('every history row of every path is a move the lifecycle table allows, to where it leads', () => {
    const rows = pathRows();
    expect(rows.length).toBeGreaterThan(40);
    for (const r of rows) {
      const c = check(r.type, r.from, r.action);
      expect(c.ok, `${r.type} ${r.state}: ${r.action} from ${r.from}`).toBe(true);
      if (c.ok) expect(c.to).toContain(r.to);
    }
  });

  it('each path ends in its state, and the mix covers every state of the lifecycle in shares of a thousand', () => {
    const seen = new Set<string>();
    for (const [type, mix] of Object.entries(STATE_MIX) as [DocType, [string, number][]][]) {
      expect(mix.reduce((n, [, share]) => n + share, 0)).toBe(1000);
      for (const [state] of mix) {
        seen.add(state);
        const rows = pathRows().filter((r) => r.type === type && r.state === state);
        const p = pathTo(type, state as never);
        const afterRoute = p.route === 'all' ? 'approved' : p.decided === 'rejected' ? 'returned' : undefined;
        const pre = rows.filter((r) => r.phase === 'pre').at(-1)?.to ?? 'draft';
        const end = rows.filter((r) => r.phase === 'post').at(-1)?.to ?? afterRoute ?? pre;
        expect(end, `${type} ${state}`).toBe(state);
      }
    }
    expect([...seen].sort()).toEqual([...DOC_STATES].sort());
  });
});

describe('options and organisation shape', () => {
  it('refuses the embedded database and unknown arguments', () => {
    expect(() => parseOptions([], {})).toThrow(ScaleUsageError);
    expect(() => parseOptions([], { DATABASE_URL: '/tmp/data' })).toThrow(/postgresql/);
    expect(() => parseOptions(['--fast'], { DATABASE_URL: 'postgresql://h/db' })).toThrow(/unknown argument/);
    expect(() => parseOptions(['--employees', '10'], { DATABASE_URL: 'postgresql://h/db' })).toThrow(/at least 50/);
    expect(
      parseOptions(['--employees', '300', '--documents', '3000', '--reset'], { DATABASE_URL: 'postgres://h/x' }),
    ).toMatchObject({ employees: 300, documents: 3000, reset: true, batchSize: 100_000 });
  });

  it('gives most people to the main company and about one team per 25 people', () => {
    const shares = peoplePerCompany([1, 2], 20_000);
    expect(shares.get(1)! + shares.get(2)!).toBe(20_000);
    expect(shares.get(1)).toBe(13_000);
    expect(unitsFor(13_000)).toEqual({ districts: 520, regions: 65, bus: 11 });
  });
});

describe.skipIf(!onPostgres)('a small company generated on the demo data, used through the app', () => {
  let t: TestApp;
  let m: Masters;
  let manager: Session;
  let employee: Session;
  let db: pg.Client;
  const dataDir = mkdtempSync(join(tmpdir(), 'ems-scale-'));
  const one = async <T>(sql: string, params: unknown[] = []) => (await db.query(sql, params)).rows[0] as T;

  beforeAll(async () => {
    t = await testApp({ DATA_DIR: dataDir });
    db = new pg.Client({ connectionString: t.ctx.config.databaseUrl });
    await db.connect();
    await generateScale(
      { client: db, employees: 300, documents: 3000, batchSize: 1000, now: new Date(), log: () => undefined },
      { dataDir, passwordHash: await hashPassword(DEMO_PASSWORD) },
    );
    m = await documentMasters(t.ctx.db);
    [manager, employee] = await t.logins('manager', 'employee');
  }, 120_000);
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  it('holds the asked size with consistent rows: totals, versions, routes and numbers', async () => {
    const size = await one<{ people: number; docs: number; lines: number }>(
      `select (select count(*) from user_account where username ~ '^u[0-9]{6}$')::int as people,
         (select count(*) from document)::int as docs, (select count(*) from expense_line)::int as lines`,
    );
    expect(size.people).toBe(300);
    expect(size.docs).toBeGreaterThanOrEqual(3000);
    expect(size.lines / size.docs).toBeGreaterThan(4);
    const bad = await one<Record<string, number>>(
      `select
         (select count(*) from document d where d.total_amount <>
            coalesce((select sum(amount) from expense_line l where l.document_id = d.id), 0))::int as totals,
         (select count(*) from document d join user_account u on u.employee_id = d.applicant_id
            where u.username ~ '^u[0-9]{6}$' and d.version <>
            (select count(*) from status_history h where h.document_id = d.id))::int as versions,
         (select count(*) from document d where d.status = 'approving' and 1 <> (select count(*) from approval_step s
            where s.document_id = d.id and s.round = d.round and s.status = 'pending'))::int as pending,
         (select count(*) from approval_step s join document d on d.id = s.document_id
            where s.approver_id = d.applicant_id)::int as self_approved,
         (select count(*) from document d where d.doc_no !~ '^[ALD][0-9]{4}[0-9]{4}[0-9]{5}$')::int as numbers,
         (select count(*) from document d join document_number n on n.company_id = d.company_id
            and n.doc_type = d.doc_type and n.period = substr(d.doc_no, 6, 4)
            where right(d.doc_no, 5)::int > n.last)::int as counters`,
    );
    expect(bad).toEqual({ totals: 0, versions: 0, pending: 0, self_approved: 0, numbers: 0, counters: 0 });
  });

  it('gives HCP lines one to six attendees of their company, each with a per-head share', async () => {
    const a = await one<{ lines: number; fewest: number; most: number; foreign: number; shares: number }>(
      `with per as (
         select c.document_id, count(*) as heads, max(c.amount) as share, min(l.amount) as amount
         from document_customer c join expense_line l on l.document_id = c.document_id and l.line_no = c.line_no
         join document d on d.id = c.document_id join user_account u on u.employee_id = d.applicant_id
         where u.username ~ '^u[0-9]{6}$' group by c.document_id)
       select count(*)::int as lines, min(heads)::int as fewest, max(heads)::int as most,
         (select count(*) from document_customer c join document d on d.id = c.document_id
            join customer_hcp h on h.id = c.hcp_id where h.company_id <> d.company_id)::int as foreign,
         count(*) filter (where not exists (
           select 1 from generate_series(1, 6) k where round(amount / k, 2) = share))::int as shares
       from per`,
    );
    expect(a.lines).toBeGreaterThan(0);
    expect(a.fewest).toBeGreaterThanOrEqual(1);
    expect(a.most).toBeLessThanOrEqual(6);
    expect(a).toMatchObject({ foreign: 0, shares: 0 });
  });

  it('leaves the report summaries equal to the documents they sum (decision 039)', async () => {
    const differ = await one<Record<string, number>>(
      `select
         (select count(*) from (
            (select company_id, doc_type, month, stage, cost_centre_id, expense_type_id, expense_item_id, product_id,
               sum(lines) as lines, sum(amount_cny) as amount from spend_summary group by 1, 2, 3, 4, 5, 6, 7, 8
               having sum(lines) <> 0
             except
             select d.company_id, d.doc_type, date_trunc('month', l.expense_date)::date,
               case when d.status in ('confirming', 'approving') then 'approving' else 'approved' end, d.cost_centre_id,
               d.expense_type_id, l.expense_item_id, l.product_id, count(*), coalesce(sum(l.amount_cny), 0)
             from expense_line l join document d on d.id = l.document_id
             where d.doc_type in ('apply', 'deputy') and l.expense_date is not null
               and d.status not in ('draft', 'returned', 'cancelled')
             group by 1, 2, 3, 4, 5, 6, 7, 8)) x)::int as spend,
         (select count(*) from (
            select company_id, doc_type, status, date_trunc('month', created_at at time zone 'Asia/Shanghai')::date,
              count(*) from document group by 1, 2, 3, 4
            except select company_id, doc_type, status, month, sum(documents) from document_state_summary
              group by 1, 2, 3, 4 having sum(documents) <> 0) x)::int as states,
         (select sum(lines)::int from spend_period_summary where grain = 'day')
           - (select sum(lines)::int from spend_summary) as periods,
         (select coalesce(sum(steps), 0)::int from decision_summary where grain = 'day')
           - (select count(*)::int from approval_step where acted_at is not null
              and status in ('approved', 'auto_approved', 'rejected')) as decisions,
         (select sum(lines)::int from spend_summary) - (select count(*)::int from expense_line l
            join document d on d.id = l.document_id where d.doc_type in ('apply', 'deputy')
            and l.expense_date is not null and d.status not in ('draft', 'returned', 'cancelled')) as lines`,
    );
    expect(differ).toEqual({ spend: 0, states: 0, periods: 0, decisions: 0, lines: 0 });
  });

  it('leaves the yearly-used rows equal to the live ledger and the quotas (decision 055)', async () => {
    const differ = await one<{ missing: number; extra: number; rows: number }>(
      `with y as (
         select company_id, kind, year, subject_id, held + consumed as used, documents, cap
         from quota_year_usage where expense_item_id is null and (cap is not null or documents <> 0 or used <> 0)),
       s as (
         select coalesce(l.company_id, q.company_id) as company_id, coalesce(l.kind, q.kind) as kind,
           coalesce(l.year, q.year) as year, coalesce(l.subject_id, q.subject_id) as subject_id,
           coalesce(l.used, 0) as used, coalesce(l.documents, 0) as documents, q.amount as cap
         from (select company_id, kind, year, subject_id, sum(amount) as used,
                 count(distinct document_id)::int as documents
               from quota_ledger where state <> 'released' group by 1, 2, 3, 4) l
         full join (select * from quota where archived_at is null and expense_item_id is null) q
           on (q.company_id, q.kind, q.year, q.subject_id) = (l.company_id, l.kind, l.year, l.subject_id))
       select (select count(*) from (select * from s except select * from y) x)::int as missing,
         (select count(*) from (select * from y except select * from s) x)::int as extra,
         (select count(*) from y)::int as rows`,
    );
    expect(differ.rows).toBeGreaterThan(0);
    expect(differ).toMatchObject({ missing: 0, extra: 0 });
  });

  it('gives the demo manager pending approvals to open and approve in the approve centre', async () => {
    const list = await t.call('/api/ApproveCenter/QueryPendingList', { PageSize: 50 }, manager.access_token);
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json() as { Total: number; Rows: { ID: number; DocType: DocType; Version: number }[] };
    expect(page.Total).toBeGreaterThan(10);
    const first = page.Rows[0]!;
    const detail = await t.call('/api/document/SearchDocumentDetail', { ID: first.ID }, manager.access_token);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().AllowedActions).toContain('approve');
    const name = first.DocType[0]!.toUpperCase() + first.DocType.slice(1);
    const done = await t.act(`/api/DocumentApprove/Approve${name}`, first.ID, manager.access_token, { Pass: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(['approving', 'approved']).toContain(done.json().Status);
  });

  it('lets a generated district head sign in, see their team waiting and approve from the list', async () => {
    const [head] = await t.logins('u000004');
    const list = (await t.call('/api/ApproveCenter/QueryPendingList', {}, head.access_token)).json();
    expect(list.Total).toBeGreaterThan(0);
    const mine = await t.call('/api/document/SearchDocument', { PageSize: 20 }, head.access_token);
    expect(mine.statusCode, mine.body).toBe(200);
    const row = list.Rows[0] as { ID: number; DocType: string };
    const name = row.DocType[0]!.toUpperCase() + row.DocType.slice(1);
    const done = await t.act(`/api/DocumentApprove/Approve${name}`, row.ID, head.access_token, {
      Pass: false,
      Comment: '请补充',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().Status).toBe('returned');
  });

  it('fills the demo employee personal expense centre across states, with openable documents and files', async () => {
    const res = await t.call('/api/document/SearchDocument', { PageSize: 100 }, employee.access_token);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { Total: number; Rows: { ID: number; Status: string }[] };
    expect(page.Total).toBeGreaterThan(100);
    expect(new Set(page.Rows.map((r) => r.Status)).size).toBeGreaterThan(4);
    const file = await one<{ id: number; document_id: number }>(
      `select a.id, a.document_id from attachment a join document d on d.id = a.document_id
       join user_account u on u.employee_id = d.applicant_id and u.username = 'employee' order by a.id desc limit 1`,
    );
    const opened = await t.call('/api/document/SearchDocumentDetail', { ID: file.document_id }, employee.access_token);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().Lines.length).toBeGreaterThan(0);
    const download = await t.call('/api/UploadAttachment/DownloadFile', { ID: file.id }, employee.access_token);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
  });

  it('numbers a new document after every generated one of its company, type and month', async () => {
    const before = await one<{ last: number }>(
      `select coalesce(max(right(doc_no, 5)::int), 0) as last from document
       where company_id = $1 and doc_type = 'deputy' and substr(doc_no, 6, 4) = $2`,
      [1, `${shanghaiToday().slice(2, 4)}${shanghaiToday().slice(5, 7)}`],
    );
    const saved = await saveDeputy(t, m, employee.access_token);
    expect(Number(saved.DocNo.slice(-5))).toBe(before.last + 1);
  });

  it('shows generated documents in the finance and compliance view centres', async () => {
    const [finance, compliance] = await t.tokens('finance', 'compliance');
    const all = (await t.call('/api/DocumentViewCenter/SearchList', { PageSize: 200, All: true }, finance)).json();
    expect(all.Total).toBeGreaterThan(1000);
    const hcp = (await t.call('/api/DocumentViewCenter/SearchComplianceList', { PageSize: 10 }, compliance)).json();
    expect(hcp.Total).toBeGreaterThan(50);
  });

  it('proves every foreign key after the load and names the one a generated row would break', async () => {
    const run = { client: db, employees: 0, documents: 0, batchSize: 1, now: new Date(), log: () => undefined };
    await expect(verifyReferences(run)).resolves.toBeUndefined();
    await db.query('set session_replication_role = replica');
    await db.query(`insert into expense_line (document_id, line_no, amount) values (2147483647, 1, 1)`);
    try {
      await expect(verifyReferences(run)).rejects.toThrow(/expense_line_document_id_document_id_fk: 1 rows/);
    } finally {
      await db.query('set session_replication_role = replica');
      await db.query('delete from expense_line where document_id = 2147483647');
      await db.query('set session_replication_role = origin');
    }
  });
});
