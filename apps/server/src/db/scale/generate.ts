import { AttachmentStore } from '../../modules/documents/attachments/attachment.storage';
import { generateBudgets } from './budgets';
import { finishCompliance, insertAttendees, insertQuotaLedger, prepareCompliance } from './compliance';
import { type Batch, insertAttachments, insertDocuments, insertLines } from './documents';
import { finish } from './finish';
import { generateOrg } from './org';
import { planDocuments } from './plan';
import { skipRowByRowReferenceChecks, verifyReferences } from './references';
import { insertAudit } from './reports';
import { insertHistory, insertSteps } from './route';
import { progressLine, type ScaleRun } from './run';

/** A one-pixel PNG: the file every generated attachment row names. */
const ATTACHMENT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type BatchStep = { table: string; run: (run: ScaleRun, b: Batch) => Promise<number> };

/**
 * Adds the bulk on top of the demo data: the organisation, then the documents batch by batch, each batch one
 * set-based statement per table. A new per-document table is one more entry in the batch steps.
 */
export async function generateScale(run: ScaleRun, opts: { dataDir: string; passwordHash: string }): Promise<void> {
  const started = Date.now();
  await run.client.query(`set work_mem = '256MB'`);
  await run.client.query('set synchronous_commit = off');
  const skipped = await skipRowByRowReferenceChecks(run);
  await generateOrg(run, opts.passwordHash);
  await planDocuments(run);
  await prepareCompliance(run);

  const stored = await new AttachmentStore(opts.dataDir).put(ATTACHMENT_PNG);
  const steps: BatchStep[] = [
    { table: 'document', run: insertDocuments },
    { table: 'expense_line', run: insertLines },
    { table: 'document_customer', run: insertAttendees },
    { table: 'quota_ledger', run: insertQuotaLedger },
    { table: 'approval_step', run: insertSteps },
    { table: 'status_history', run: insertHistory },
    { table: 'audit_log', run: insertAudit },
    { table: 'attachment', run: insertAttachments({ ...stored, size: ATTACHMENT_PNG.length }) },
  ];
  const { rows } = await run.client.query<{ lo: number | null; hi: number | null }>(
    'select min(id)::int as lo, max(id)::int as hi from scale_plan',
  );
  const lo = rows[0]?.lo ?? 0;
  const hi = rows[0]?.hi ?? -1;
  const total = hi - lo + 1;
  // Rows and seconds spent per table so far: each progress line shows a table's own rate.
  const done = new Map<string, { rows: number; ms: number }>();
  const bulkStarted = Date.now();
  for (let from = lo; from <= hi; from += run.batchSize) {
    const b = { from, to: Math.min(hi, from + run.batchSize - 1) };
    await run.client.query('begin');
    for (const step of steps) {
      const t0 = Date.now();
      const rows = await step.run(run, b);
      const seen = done.get(step.table) ?? { rows: 0, ms: 0 };
      done.set(step.table, { rows: seen.rows + rows, ms: seen.ms + Date.now() - t0 });
    }
    await run.client.query('commit');
    const docs = b.to - lo + 1;
    run.log(progressLine('documents', docs, total, bulkStarted));
    for (const step of steps) {
      const seen = done.get(step.table)!;
      const expected = Math.round((total * seen.rows) / docs);
      run.log(progressLine(`  ${step.table}`, seen.rows, expected, Date.now() - seen.ms));
    }
  }
  await finishCompliance(run, { lo, hi });
  if (skipped) await verifyReferences(run);
  await generateBudgets(run);
  await finish(run);
  run.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
