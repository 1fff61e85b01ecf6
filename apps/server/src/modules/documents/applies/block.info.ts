import type { ApplyBlockInfo } from '@ems/contracts';
import { REQUIRED_EVIDENCE_KINDS } from '@ems/contracts';
import type { Db } from '../../../core/db';
import type { SessionUser } from '../../../core/http';
import { findEmployee } from '../../org/org.service';
import { parameter } from '../../system/system.service';
import { approversFor, type DocFacts, isOwner } from '../lifecycle/document.policy';
import * as repo from './block.repository';

/** Days after an HCP event by which its evidence must be uploaded: the technical parameter EvidenceDueDays, 30 unset. */
export async function evidenceDueDays(db: Db, companyId: number): Promise<number> {
  const n = Number.parseInt((await parameter(db, companyId, 'EvidenceDueDays'))?.value ?? '', 10);
  return Number.isInteger(n) && n >= 0 ? n : 30;
}

export async function missingKinds(db: Db, documentId: number) {
  const have = await repo.evidenceKinds(db, documentId);
  return REQUIRED_EVIDENCE_KINDS.filter((k) => !have.has(k));
}

/** The applicant's line manager (or whom the user approves for), or an administrator, accepts an unlock reason. */
export async function mayAccept(db: Db, user: SessionUser, applicantId: number): Promise<boolean> {
  if (user.isAdmin) return true;
  const applicant = await findEmployee(db, applicantId);
  return applicant?.lineManagerId != null && approversFor(user).includes(applicant.lineManagerId);
}

/** The block of an apply while it lasts, as the document screen shows it; null when the apply is not blocked. */
export async function blockInfo(
  db: Db,
  user: SessionUser,
  d: DocFacts & { id: number; blocked: boolean },
): Promise<ApplyBlockInfo | null> {
  if (d.docType !== 'apply' || !d.blocked) return null;
  const b = await repo.blockOf(db, d.id);
  if (!b) return null;
  return {
    EventDate: b.eventDate,
    DueDate: b.dueDate,
    BlockedAt: b.blockedAt.toISOString(),
    UnlockReason: b.unlockReason,
    ReasonAt: b.reasonAt?.toISOString() ?? null,
    MissingKinds: await missingKinds(db, d.id),
    CanRequest: isOwner(user, d),
    CanAccept: b.unlockReason !== null && (await mayAccept(db, user, d.applicantId)),
  };
}

/** Whether an apply is for an HCP activity (a line's expense item names HCP/HCO attendees). */
export function hcpActivity(db: Db, documentId: number): Promise<boolean> {
  return repo.hcpActivity(db, documentId);
}
