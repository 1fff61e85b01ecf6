import type { Db } from '../../../core/db';
import type { ScheduledJob } from '../../../core/jobs';
import { shanghaiToday } from '../../../core/time';
import { documentPath, queueNoticeOnce } from '../../notify/notify.service';
import { companyIds } from '../../system/system.service';
import { approvalSettings } from '../approval/pending.service';
import * as repo from './approvecentre.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Documents a digest names one by one; the rest are counted, and the approve centre, which it opens, shows them all. */
export const DIGEST_ITEMS = 50;

/**
 * The daily reminder of overdue approvals (DESIGN §10): in every company, each approver with steps pending longer
 * than `ApprovalOverdueDays` gets one digest naming those documents (number, applicant, amount, waiting since) with
 * a link to each. One per approver, company and day: run again the same day, it writes nothing. Answers how many
 * digests it wrote.
 */
export async function runApprovalReminders(db: Db, opts: { now?: Date } = {}): Promise<number> {
  const now = opts.now ?? new Date();
  const today = shanghaiToday(now);
  let written = 0;
  for (const companyId of await companyIds(db)) {
    const { overdueDays } = await approvalSettings(db, companyId);
    const steps = await repo.overdueStepsOfCompany(db, companyId, new Date(now.getTime() - overdueDays * DAY_MS));
    const byApprover = new Map<number, typeof steps>();
    for (const s of steps) {
      const list = byApprover.get(s.approverId);
      if (list) list.push(s);
      else byApprover.set(s.approverId, [s]);
    }
    for (const [approverId, mine] of byApprover) {
      const wrote = await db.transaction((tx) =>
        queueNoticeOnce(
          tx,
          {
            companyId,
            toEmployeeId: approverId,
            template: 'workflow.mail.overdueDigest',
            params: { count: mine.length, days: overdueDays },
            documentId: null,
            link: '/manage/approveCenter',
            lines: mine.slice(0, DIGEST_ITEMS).map((s) => ({
              key: 'workflow.mail.overdueDigest.item',
              params: {
                docNo: s.docNo,
                applicantZh: s.applicantZh,
                applicantEn: s.applicantEn,
                amount: s.amount,
                currency: s.currency,
                since: shanghaiToday(s.pendingSince!),
              },
              link: documentPath(s.documentId),
            })),
          },
          `approval-digest:${companyId}:${approverId}:${today}`,
        ),
      );
      if (wrote) written++;
    }
  }
  return written;
}

/** The overdue-approval digests as a scheduled job: each morning at 08:30 Shanghai time. */
export function approvalReminderJob(db: Db, log: { info: (o: object, msg: string) => void }): ScheduledJob {
  return {
    queue: 'approval-reminders',
    cron: '30 8 * * *',
    run: async () => {
      const digests = await runApprovalReminders(db);
      log.info({ digests }, 'overdue approval reminders written');
    },
  };
}
