import type { ClaimBody, ClaimResult, Culture, ExpenseLineInput, SaveDocumentBody } from '@ems/contracts';
import type { DbContext } from '../../core/context';
import type { Db } from '../../core/db';
import { notFound, refused } from '../../core/errors';
import type { SessionUser } from '../../core/http';
import { load } from '../documents/document.service';
import { mainInfo, save } from '../documents/form/form.service';
import { actingPeople } from '../documents/lifecycle/document.policy';
import { claimRef } from './claim.repository';

/** One item of external spend (a card transaction or a ride-hailing order) as a deputy line. */
export interface SpendLine {
  id: number;
  date: string;
  amount: string;
  currency: string;
  /** What the line says (merchant, route); the item's reference is added at its end. */
  text: string;
}

/** What the claim asks of the kind of spend it claims. */
export interface SpendClaim {
  /** `C` card transaction, `R` ride-hailing order: the reference's prefix. */
  prefix: 'C' | 'R';
  lines: SpendLine[];
  /**
   * Inside the save's transaction, once the deputy and its lines are written: locks the items, checks them against
   * the locked state (owner, version, still claimable) and marks them claimed by the document, each guarded by its
   * version, with the audit row. Throwing undoes the whole claim, the document too.
   */
  mark: (tx: Db, documentId: number) => Promise<void>;
}

/** Whose external spend the user handles: the principal while acting as their fill-in proxy, else their own. */
export function spendOwner(user: SessionUser): number {
  const people = actingPeople(user);
  return people[people.length - 1]!;
}

/** A line's description: the text, cut to fit, then the item's reference (which keeps the claim in force). */
function describe(prefix: 'C' | 'R', l: SpendLine): string {
  const ref = claimRef(prefix, l.id);
  return `${l.text.slice(0, 480 - ref.length)} ${ref}`;
}

/**
 * The one way external spend becomes deputy lines: a new draft deputy of the owner (default cost centre, the chosen
 * expense type and item), or more lines on a draft deputy of theirs, written through the documents' own save path;
 * the items are marked claimed in the same transaction (docs/decisions/037).
 */
export async function claimIntoDeputy(
  ctx: DbContext,
  user: SessionUser,
  culture: Culture,
  requestId: string,
  claim: SpendClaim,
  body: Pick<ClaimBody, 'ExpenseItemID' | 'ExpenseTypeID' | 'DocumentID' | 'Reason'>,
): Promise<ClaimResult> {
  const owner = spendOwner(user);
  const added: ExpenseLineInput[] = claim.lines.map((l) => ({
    ExpenseItemID: body.ExpenseItemID ?? null,
    ExpenseDate: l.date,
    Amount: l.amount,
    Currency: l.currency,
    Description: describe(claim.prefix, l),
  }));
  let doc: SaveDocumentBody;
  if (body.DocumentID) {
    const d = await load(ctx.db, user, body.DocumentID, 'deputy', culture);
    if (d.ApplicantID !== owner) throw notFound();
    if (d.Status !== 'draft') throw refused('cards.claim_not_draft', { docNo: d.DocNo });
    if (d.Currency !== 'CNY') throw refused('cards.claim_currency', { docNo: d.DocNo });
    doc = {
      ID: d.ID,
      Version: d.Version,
      ExpenseTypeID: body.ExpenseTypeID ?? d.ExpenseTypeID,
      CostCenterID: d.CostCenterID,
      InternalOrderID: d.InternalOrderID,
      Currency: d.Currency,
      Reason: d.Reason ?? body.Reason ?? null,
      StartDate: d.StartDate,
      EndDate: d.EndDate,
      ApplyID: d.ApplyID,
      Loans: d.Loans.map((l) => ({ LoanID: l.LoanID, Amount: l.Amount })),
      Lines: [
        ...d.Lines.map((l) => ({
          ExpenseItemID: l.ExpenseItemID,
          ExpenseSubItemID: l.ExpenseSubItemID,
          ExpenseDate: l.ExpenseDate,
          Amount: l.Amount,
          Currency: l.Currency,
          ProductID: l.ProductID,
          Description: l.Description,
        })),
        ...added,
      ],
    };
  } else {
    const info = await mainInfo(ctx.db, user, 'deputy', culture);
    const dates = claim.lines.map((l) => l.date).sort();
    doc = {
      ExpenseTypeID: body.ExpenseTypeID ?? null,
      CostCenterID: info.CostCenterID,
      Currency: 'CNY',
      Reason: body.Reason ?? null,
      StartDate: dates[0] ?? null,
      EndDate: dates[dates.length - 1] ?? null,
      Lines: added,
      Loans: [],
    };
  }
  const saved = await save(ctx, user, 'deputy', doc, culture, requestId, claim.mark);
  return { DocumentID: saved.ID, DocNo: saved.DocNo, Lines: claim.lines.length };
}
