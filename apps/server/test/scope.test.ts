import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shanghaiToday } from '../src/core/time';
import { attachment } from '../src/modules/documents/attachments/attachment.table';
import { document } from '../src/modules/documents/document.table';
import { company } from '../src/modules/system/system.table';
import { type TestApp, testApp } from './app';
import { documentMasters } from './factories';

/**
 * Opening one document by id answers only what the caller's lists show (DESIGN §7): every by-id call of the
 * documents, approval, attachment and preview areas answers 404 (or 403 when the caller lacks the call's
 * function, which tells nothing either) for a document of another company and for one the caller has no
 * relation to.
 */
type Schema = {
  type?: string | string[];
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  items?: Schema;
  minimum?: number;
};
type Route = { url: string; schema: Schema };
const AREAS = new Set(['documents', 'approval', 'attachments', 'document view centre']);
/** Calls keyed by a person or a list of documents, not one document: they skip what is out of reach instead. */
const NOT_BY_ID = new Set(['/api/CostCenterMaster/ChangeApprovers']);

/** A one-pixel picture, for the calls that take one. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let t: TestApp;
let routes: Route[];
let tokens: Record<string, string>;
let targets: { name: string; id: number; version: number; fileId: number; callers: string[] }[];

beforeAll(async () => {
  t = await testApp();
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<
      string,
      Record<string, { tags?: string[]; requestBody?: { content: Record<string, { schema: Schema }> } }>
    >;
  };
  routes = Object.entries(doc.paths).flatMap(([url, item]) => {
    const op = item.post;
    const schema = op?.requestBody?.content['application/json']?.schema;
    if (!op || !schema || NOT_BY_ID.has(url) || !op.tags?.some((g) => AREAS.has(g))) return [];
    const props = schema.properties ?? {};
    const byId = ['ID', 'DocumentID'].some((k) => schema.required?.includes(k)) || 'Items' in props;
    return byId ? [{ url, schema }] : [];
  });
  const names = ['admin', 'employee', 'manager', 'finance', 'compliance', 'auditor'];
  tokens = Object.fromEntries(await Promise.all(names.map(async (n) => [n, (await t.login(n)).access_token] as const)));
  const m = await documentMasters(t.ctx.db);
  const db = t.ctx.db;
  const [other] = await db.select().from(company).where(eq(company.code, '2000'));
  const employeeId = (await t.login('employee')).UserID;
  const file = async (documentId: number) => {
    const [row] = await db
      .insert(attachment)
      .values({
        documentId,
        fileName: 'a.pdf',
        mimeType: 'application/pdf',
        size: 1,
        sha256: '0'.repeat(64),
        storageKey: 'nowhere/a.pdf',
        uploadedBy: employeeId,
      })
      .returning();
    return row!.id;
  };
  const [foreign] = await db
    .insert(document)
    .values({
      companyId: other!.id,
      docType: 'deputy',
      docNo: 'D-FOREIGN-1',
      applicantId: employeeId,
      preparerId: employeeId,
      status: 'approving',
    })
    .returning();
  const save = async () => {
    const res = await t.call(
      '/api/document/SaveDeputyDetail',
      {
        ExpenseTypeID: m.type.id,
        CostCenterID: m.own.id,
        Reason: '差旅',
        Lines: [{ ExpenseItemID: m.hotel.id, ExpenseDate: shanghaiToday(), Amount: '100.00' }],
      },
      tokens.employee,
    );
    expect(res.statusCode).toBe(200);
    return res.json() as { ID: number; Version: number };
  };
  const draft = await save();
  const sent = await save();
  // Approving with a route of the manager only: finance sees approved ones, compliance those with HCP spend.
  await db.update(document).set({ status: 'approving' }).where(eq(document.id, sent.ID));
  targets = [
    {
      name: 'another company’s',
      id: foreign!.id,
      version: foreign!.version,
      fileId: await file(foreign!.id),
      callers: ['admin', 'manager', 'finance', 'compliance', 'auditor', 'employee'],
    },
    {
      name: 'someone else’s draft',
      id: draft.ID,
      version: draft.Version,
      fileId: await file(draft.ID),
      callers: ['admin', 'manager', 'finance', 'compliance', 'auditor'],
    },
    {
      name: 'an unrelated one in approval',
      id: sent.ID,
      version: (await t.version(sent.ID)) ?? 0,
      fileId: await file(sent.ID),
      callers: ['finance', 'compliance'],
    },
  ];
});
afterAll(() => t.close());

/** A body that passes the route's schema, naming the target. */
function bodyFor(r: Route, target: { id: number; version: number; fileId: number }): Record<string, unknown> {
  const fill = (name: string, s: Schema): unknown => {
    if (name === 'ID') return r.url.startsWith('/api/UploadAttachment/') ? target.fileId : target.id;
    if (name === 'DocumentID') return target.id;
    if (name === 'Version') return target.version;
    if (name === 'Data') return PNG;
    if (s.const !== undefined) return s.const;
    if (s.enum) return s.enum[0];
    if (s.type === 'boolean') return true;
    if (s.type === 'integer' || s.type === 'number') return Math.max(1, s.minimum ?? 1);
    // Amounts and percentages are strings or numbers.
    if (s.format === 'money' || s.format === 'percent') return '1.00';
    // A list of rows with fields of their own gets one row of them; a list of documents names the target.
    if (s.type === 'array')
      return [
        s.items?.required?.some((k) => k !== 'ID' && k !== 'Version')
          ? objectFor(s.items)
          : { ID: target.id, Version: target.version },
      ];
    if (s.type === 'string') return name.endsWith('Date') ? shanghaiToday() : 'x';
    return undefined;
  };
  const objectFor = (schema: Schema): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [name, s] of Object.entries(schema.properties ?? {})) {
      if (schema.required?.includes(name) || name === 'Version') out[name] = fill(name, s);
    }
    return out;
  };
  return objectFor(r.schema);
}

describe('every by-id call of documents, approval, attachments and preview', () => {
  it('covers the calls', () => {
    const urls = routes.map((r) => r.url);
    for (const u of [
      '/api/document/SearchDocumentDetail',
      '/api/DocumentSubmit/SubmitDeputy',
      '/api/DocumentApprove/ApproveDeputy',
      '/api/document/DeleteDocument',
      '/api/ApproveCenter/BatchApprove',
      '/api/Workflow/GetApproveUIList',
    ])
      expect(urls).toContain(u);
    expect(routes.length).toBeGreaterThan(25);
  });

  it('answers 404 for a document out of the caller’s scope', { timeout: 120_000 }, async () => {
    const leaks: string[] = [];
    for (const r of routes) {
      // Some calls are an administrator's only, and an administrator sees every submitted document of the company:
      // those prove the scope on the other targets; every call must prove it on one at least.
      let notFound = 0;
      for (const target of targets) {
        for (const caller of target.callers) {
          const res = await t.call(r.url, bodyFor(r, target), tokens[caller]);
          const batchRefused =
            r.url === '/api/ApproveCenter/BatchApprove' &&
            res.statusCode === 200 &&
            res.json().Rows[0]?.ErrorCode === 'common.not_found';
          if (res.statusCode === 404 || batchRefused) notFound++;
          else if (res.statusCode !== 403)
            leaks.push(`${r.url} ${target.name} as ${caller}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
      if (notFound === 0) leaks.push(`${r.url}: no caller reached the scope check`);
    }
    expect(leaks).toEqual([]);
  });
});
