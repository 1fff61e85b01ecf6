import { DOC_ACTIONS, DOC_STATES, DOC_TYPES, type DocState, type DocType } from '@ems/contracts';
import { describe, expect, it } from 'vitest';
import { check, possibleActions, TERMINAL, TRANSITIONS } from './document.state';

function reachable(type: DocType, from: DocState): Set<DocState> {
  const seen = new Set<DocState>([from]);
  const queue: DocState[] = [from];
  while (queue.length) {
    const s = queue.shift()!;
    for (const a of possibleActions(type, s)) {
      for (const next of TRANSITIONS[a].to) {
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
  }
  return seen;
}

describe('document lifecycle', () => {
  it('answers every state × action × type with a transition or a coded refusal', () => {
    let allowed = 0;
    for (const type of DOC_TYPES) {
      for (const state of DOC_STATES) {
        for (const action of DOC_ACTIONS) {
          const r = check(type, state, action);
          if (r.ok) {
            allowed++;
            expect(TRANSITIONS[action].from).toContain(state);
            for (const to of r.to) expect(DOC_STATES).toContain(to);
          } else {
            expect(['document.action_not_allowed', 'document.action_not_for_type']).toContain(r.code);
            expect(r.params.action).toBe(action);
          }
        }
      }
    }
    expect(allowed).toBeGreaterThan(40);
  });

  it('lets nothing move a closed or cancelled document', () => {
    for (const type of DOC_TYPES) for (const state of TERMINAL) expect(possibleActions(type, state)).toEqual([]);
  });

  it('reaches every state of its type from a draft, and an end from every state', () => {
    const finance: DocState[] = [
      'received',
      'reviewing',
      'held',
      'to_post',
      'post_failed',
      'posted',
      'remitting',
      'paid',
    ];
    for (const type of DOC_TYPES) {
      const fromDraft = reachable(type, 'draft');
      for (const state of DOC_STATES) {
        const expected = !(type === 'apply' && finance.includes(state));
        expect(fromDraft.has(state), `${type} reaches ${state}`).toBe(expected);
      }
      for (const state of fromDraft) {
        const ends = reachable(type, state);
        expect(
          TERMINAL.some((t) => ends.has(t)),
          `${type} ${state} can end`,
        ).toBe(true);
      }
    }
  });

  it('follows the main path of a deputy and keeps applies away from the finance centre', () => {
    const path: [string, DocState][] = [
      ['submit', 'draft'],
      ['approve', 'approving'],
      ['receive', 'approved'],
      ['start_review', 'received'],
      ['pass', 'reviewing'],
      ['post_ok', 'to_post'],
      ['add_to_remittance', 'posted'],
      ['mark_paid', 'remitting'],
      ['close', 'paid'],
    ];
    for (const [action, state] of path)
      expect(check('deputy', state, action as never).ok, `${action} from ${state}`).toBe(true);
    expect(check('apply', 'approved', 'receive')).toMatchObject({ ok: false, code: 'document.action_not_for_type' });
    expect(check('apply', 'approved', 'close').ok).toBe(true);
    expect(check('deputy', 'approved', 'close')).toMatchObject({ ok: false, code: 'document.action_not_allowed' });
  });

  it('edits and deletes only what the owner still holds', () => {
    expect(possibleActions('loan', 'draft')).toEqual(expect.arrayContaining(['edit', 'delete', 'submit', 'cancel']));
    expect(check('loan', 'returned', 'delete').ok).toBe(false);
    expect(check('loan', 'approving', 'edit')).toMatchObject({
      ok: false,
      params: { action: 'edit', state: 'approving' },
    });
  });
});
