import type { DocAction, DocState, DocType } from '@ems/contracts';
import { TRANSITIONS } from '../../modules/documents/lifecycle/document.state';

/**
 * How a generated document reached its state: the actions before its approval route (`pre`), how much of the route
 * was decided, and the actions after it (`post`). Each history row, the version and the steps follow from this;
 * scale.test.ts walks every path through the lifecycle table so generated data never holds a move the app refuses.
 */
export interface Path {
  pre: DocAction[];
  /** none: never submitted; partial: decided up to a step that is pending, rejected or cut short; all: approved. */
  route: 'none' | 'partial' | 'all';
  /** When the route is partial: the step reached is still pending, or was rejected. */
  decided?: 'pending' | 'rejected';
  post: DocAction[];
  /** Who took the post actions: the applicant (withdrawing a returned document) or the shared-service centre. */
  postBy?: 'applicant' | 'finance';
}

const SSC: DocAction[] = ['receive', 'start_review'];
const PAYABLE: DocAction[] = [...SSC, 'pass', 'post_ok'];

/** Every state a generated document may end in, for each type, with its share per thousand. */
export const STATE_MIX: Record<DocType, [DocState, number][]> = {
  apply: [
    ['draft', 30],
    ['confirming', 5],
    ['approving', 45],
    ['returned', 15],
    ['cancelled', 20],
    ['approved', 300],
    ['closed', 585],
  ],
  loan: [
    ['draft', 30],
    ['confirming', 5],
    ['approving', 45],
    ['returned', 15],
    ['cancelled', 20],
    ['approved', 15],
    ['received', 10],
    ['reviewing', 15],
    ['held', 3],
    ['to_post', 7],
    ['post_failed', 2],
    ['posted', 15],
    ['remitting', 5],
    ['paid', 300],
    ['closed', 513],
  ],
  deputy: [
    ['draft', 30],
    ['confirming', 5],
    ['approving', 45],
    ['returned', 15],
    ['cancelled', 20],
    ['approved', 15],
    ['received', 10],
    ['reviewing', 15],
    ['held', 3],
    ['to_post', 7],
    ['post_failed', 2],
    ['posted', 15],
    ['remitting', 5],
    ['paid', 120],
    ['closed', 693],
  ],
};

export function pathTo(type: DocType, state: DocState): Path {
  switch (state) {
    case 'draft':
      return { pre: [], route: 'none', post: [] };
    case 'confirming':
      return { pre: ['submit_for_confirm'], route: 'none', post: [] };
    case 'approving':
      return { pre: ['submit'], route: 'partial', decided: 'pending', post: [] };
    case 'returned':
      return { pre: ['submit'], route: 'partial', decided: 'rejected', post: [] };
    case 'cancelled':
      return { pre: ['submit'], route: 'partial', decided: 'rejected', post: ['cancel'], postBy: 'applicant' };
    case 'approved':
      return { pre: ['submit'], route: 'all', post: [] };
    case 'closed':
      return type === 'apply'
        ? { pre: ['submit'], route: 'all', post: ['close'], postBy: 'applicant' }
        : { pre: ['submit'], route: 'all', post: [...PAYABLE, 'mark_paid', 'close'], postBy: 'finance' };
    default:
      return { pre: ['submit'], route: 'all', post: financeTo(state), postBy: 'finance' };
  }
}

function financeTo(state: DocState): DocAction[] {
  const to: Partial<Record<DocState, DocAction[]>> = {
    received: ['receive'],
    reviewing: SSC,
    held: [...SSC, 'hold'],
    to_post: [...SSC, 'pass'],
    post_failed: [...SSC, 'pass', 'post_fail'],
    posted: PAYABLE,
    remitting: [...PAYABLE, 'add_to_remittance'],
    paid: [...PAYABLE, 'mark_paid'],
  };
  const actions = to[state];
  if (!actions) throw new Error(`no generated path to ${state}`);
  return actions;
}

/** Where an action leads from a state when it has one destination (approve and edit are handled by the route). */
export function leadsTo(action: DocAction): DocState {
  const to = TRANSITIONS[action].to;
  if (action === 'reject') return 'returned';
  if (to.length !== 1) throw new Error(`${action} has no single destination`);
  return to[0]!;
}

/** One history row of a path outside the route: its place, the move, and who acted. */
export interface PathRow {
  type: DocType;
  state: DocState;
  phase: 'pre' | 'post';
  ord: number;
  from: DocState;
  to: DocState;
  action: DocAction;
  actor: 'preparer' | 'applicant' | 'finance';
}

/** The rows of every path, as the status_history inserts read them from a temporary table. */
export function pathRows(): PathRow[] {
  const rows: PathRow[] = [];
  for (const [type, mix] of Object.entries(STATE_MIX) as [DocType, [DocState, number][]][]) {
    for (const [state] of mix) {
      const p = pathTo(type, state);
      let at: DocState = 'draft';
      p.pre.forEach((action, i) => {
        const to = leadsTo(action);
        rows.push({ type, state, phase: 'pre', ord: i + 1, from: at, to, action, actor: 'preparer' });
        at = to;
      });
      at = p.route === 'all' ? 'approved' : p.route === 'partial' && p.decided === 'rejected' ? 'returned' : at;
      p.post.forEach((action, i) => {
        const to = leadsTo(action);
        rows.push({ type, state, phase: 'post', ord: i + 1, from: at, to, action, actor: p.postBy ?? 'finance' });
        at = to;
      });
    }
  }
  return rows;
}
