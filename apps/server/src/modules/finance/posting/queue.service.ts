import type { Db } from '../../../core/db';
import { enqueue } from '../../outbound/outbound.service';
import * as repo from './posting.repository';

/**
 * Sends vouchers to the ERP: each open (or failed) voucher is marked queued and its call recorded in the caller's
 * transaction (the outbox, DESIGN §13), so it is sent exactly when the caller commits. Answers the ids queued.
 *
 * Apart from the ERP job (`posting.service.ts`) so that the modules that book vouchers (loans, remittance, tax) queue
 * them without importing the job, which itself calls the loans when a posting comes back.
 */
export async function queuePosting(tx: Db, companyId: number, voucherIds: number[]): Promise<number[]> {
  const moved = await repo.markQueued(tx, companyId, voucherIds);
  for (const v of moved) await enqueue(tx, 'erp', { voucherId: v.id }, v.companyId);
  return moved.map((v) => v.id);
}
