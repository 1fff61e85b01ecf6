import { and, count, eq, inArray, sum } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { type Masters, type Session, saveDeputy, saveWorkflow } from '../../../../test/documents';
import { documentMasters } from '../../../../test/factories';
import type { Db } from '../../../core/db';
import { auditLog } from '../../audit/audit.table';
import { DOCUMENT_FOLLOWERS, registerDocumentFollowers } from '../../followers';
import { mailOutbox } from '../../notify/notify.table';
import { documentStateSummary } from '../../reports/summary/summary.table';
import { document } from '../document.table';
import { type DocumentFollower, registerFollowers } from './followers';
import { statusHistory } from './lifecycle.table';
import { systemUser, transitionMany } from './transition';

let t: TestApp;
let m: Masters;
let employee: Session;

beforeAll(async () => {
  t = await testApp();
  m = await documentMasters(t.ctx.db);
  const admin = await t.login('admin');
  employee = await t.login('employee');
  await saveWorkflow(t, admin.access_token, {
    Code: 'DEPUTY-FOLLOW',
    DocType: 'deputy',
    NameZH: '报销审批',
    NameEN: 'Deputy approval',
  });
});
// Every test that registers its own followers puts the app's back.
afterEach(() => registerDocumentFollowers());
afterAll(() => t?.close());

/** The document's state as the transaction sees it, and how many history rows it has there. */
async function seenIn(tx: Db, id: number) {
  const [d] = await tx.select({ status: document.status }).from(document).where(eq(document.id, id));
  const [h] = await tx.select({ n: count() }).from(statusHistory).where(eq(statusHistory.documentId, id));
  return `${d?.status}, ${h?.n} history`;
}

/** A follower that records when it runs, and what the transaction shows of the document then, before doing its work. */
function watched(f: DocumentFollower<unknown>, seen: string[]): DocumentFollower<unknown> {
  const before = f.before;
  return {
    name: f.name,
    after: f.after,
    ...(before
      ? {
          before: async (tx: Db, docs: Parameters<typeof before>[1]) => {
            seen.push(`${f.name} before: ${await seenIn(tx, docs[0]!.id)}`);
            return before(tx, docs);
          },
        }
      : {}),
    follow: async (tx, change, read) => {
      seen.push(`${f.name} after the ${f.after}: ${await seenIn(tx, change.docs[0]!.id)}`);
      return f.follow(tx, change, read);
    },
  };
}

const failing = (after: 'work' | 'write'): DocumentFollower<unknown> => ({
  name: `failing after the ${after}`,
  after,
  follow: async () => {
    throw new Error('a follower failed');
  },
});

/** Everything a transition writes about one document, and the state summaries every transition moves. */
async function footprint(id: number) {
  const [d] = await t.ctx.db
    .select({ status: document.status, version: document.version })
    .from(document)
    .where(eq(document.id, id));
  const [history] = await t.ctx.db.select({ n: count() }).from(statusHistory).where(eq(statusHistory.documentId, id));
  const [audits] = await t.ctx.db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'document'), eq(auditLog.entityId, String(id))));
  const [mails] = await t.ctx.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.documentId, id));
  const states = await t.ctx.db
    .select({ status: documentStateSummary.status, n: sum(documentStateSummary.documents) })
    .from(documentStateSummary)
    .where(
      and(eq(documentStateSummary.docType, 'deputy'), inArray(documentStateSummary.status, ['draft', 'approving'])),
    )
    .groupBy(documentStateSummary.status)
    .orderBy(documentStateSummary.status);
  return { ...d, history: history?.n, audits: audits?.n, mails: mails?.n, states };
}

const submit = (id: number) => t.act('/api/DocumentSubmit/SubmitDeputy', id, employee.access_token);

describe('the lifecycle runs the registered followers', () => {
  it('declares the order the transition follows: fapiao, budgets, quotas, lecture-fee withholding, TMC, summaries', () => {
    expect(DOCUMENT_FOLLOWERS.map((f) => `${f.name} after the ${f.after}`)).toEqual([
      'invoices after the work',
      'budgets after the work',
      'quotas after the work',
      'withholding after the work',
      'tmc after the work',
      'summaries after the write',
    ]);
  });

  it('runs them in that order, the work stage before the document is written and the write stage after', async () => {
    const seen: string[] = [];
    registerFollowers(DOCUMENT_FOLLOWERS.map((f) => watched(f, seen)));
    const d = await saveDeputy(t, m, employee.access_token);
    seen.length = 0; // the draft's creation is not a transition
    expect((await submit(d.ID)).statusCode).toBe(200);
    expect(seen).toEqual([
      'summaries before: draft, 1 history',
      'invoices after the work: draft, 1 history',
      'budgets after the work: draft, 1 history',
      'quotas after the work: draft, 1 history',
      'withholding after the work: draft, 1 history',
      'tmc after the work: draft, 1 history',
      'summaries after the write: approving, 2 history',
    ]);
  });

  it('refuses a registration whose order the transition could not keep', () => {
    const [invoices, , , , , summaries] = DOCUMENT_FOLLOWERS;
    expect(() => registerFollowers([summaries!, invoices!])).toThrow(/after the work must come before/);
    expect(() => registerFollowers([invoices!, invoices!])).toThrow(/registered twice/);
  });

  it('refuses to change a document while no follower is registered, rather than leave them behind', async () => {
    const d = await saveDeputy(t, m, employee.access_token);
    const before = await footprint(d.ID);
    registerFollowers([]);
    expect((await submit(d.ID)).statusCode).toBe(500);
    expect(await footprint(d.ID)).toEqual(before);
  });
});

describe('a follower that throws undoes the whole transition', () => {
  it.each(['work', 'write'] as const)(
    'leaves state, version, history, audit, notice and summaries as they were (failing after the %s)',
    async (after) => {
      const d = await saveDeputy(t, m, employee.access_token);
      const before = await footprint(d.ID);
      expect(before).toMatchObject({ status: 'draft', history: 1 });
      // The real followers of the stage run before the failing one: what they wrote goes back too (after the write,
      // with the document, its history, notice and audit rows).
      const work = DOCUMENT_FOLLOWERS.filter((f) => f.after === 'work');
      const write = DOCUMENT_FOLLOWERS.filter((f) => f.after === 'write');
      registerFollowers(
        after === 'work' ? [...work, failing('work'), ...write] : [...work, ...write, failing('write')],
      );
      const res = await submit(d.ID);
      expect(res.statusCode).toBe(500);
      expect(await footprint(d.ID)).toEqual(before);
      // The same submit goes through once the followers are the app's again.
      registerDocumentFollowers();
      expect((await submit(d.ID)).statusCode).toBe(200);
      expect(await footprint(d.ID)).toMatchObject({ status: 'approving', history: 2 });
    },
  );

  it('undoes a batch the same way, inside the caller’s transaction', async () => {
    const ids = [
      (await saveDeputy(t, m, employee.access_token)).ID,
      (await saveDeputy(t, m, employee.access_token)).ID,
    ];
    const before = await Promise.all(ids.map(footprint));
    registerFollowers([...DOCUMENT_FOLLOWERS, failing('write')]);
    await expect(
      t.ctx.db.transaction((tx) =>
        transitionMany(
          tx,
          systemUser(1),
          { ids, action: 'cancel', requestId: 'follower-test', reach: async () => true },
          { to: 'cancelled' },
        ),
      ),
    ).rejects.toThrow('a follower failed');
    expect(await Promise.all(ids.map(footprint))).toEqual(before);
  });
});
