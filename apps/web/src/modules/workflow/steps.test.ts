import { describe, expect, it } from 'vitest';
import { addStep, changeStep, fromServer, moveStep, removeStep, toSave } from './steps';

const base = fromServer([
  { Seq: 2, StepKind: 'role', RoleCode: 'SSC', HcpOnly: false, OverseasOnly: false, NameZH: '财务', NameEN: 'Finance' },
  { Seq: 1, StepKind: 'line_manager', HcpOnly: false, OverseasOnly: false, NameZH: '经理', NameEN: 'Manager' },
]);

describe('route template steps', () => {
  it('orders by sequence and numbers from one', () => {
    expect(base.map((s) => [s.Seq, s.StepKind])).toEqual([
      [1, 'line_manager'],
      [2, 'role'],
    ]);
  });

  it('adds at the end, removes and renumbers', () => {
    const added = addStep(base);
    expect(added.map((s) => s.Seq)).toEqual([1, 2, 3]);
    const removed = removeStep(added, base[0]!.key);
    expect(removed.map((s) => [s.Seq, s.StepKind])).toEqual([
      [1, 'role'],
      [2, 'line_manager'],
    ]);
  });

  it('moves up and down, and not past either end', () => {
    const down = moveStep(base, base[0]!.key, 1);
    expect(down.map((s) => s.StepKind)).toEqual(['role', 'line_manager']);
    expect(down.map((s) => s.Seq)).toEqual([1, 2]);
    expect(moveStep(base, base[0]!.key, -1)).toBe(base);
    expect(moveStep(base, base[1]!.key, 1)).toBe(base);
  });

  it('sends only the field the kind uses, and empty values as null', () => {
    const changed = changeStep(base, base[1]!.key, {
      StepKind: 'person',
      PersonID: 7,
      MinAmount: ' ',
      ExpenseItemIDs: [],
    });
    expect(toSave(changed)[1]).toEqual({
      Seq: 2,
      StepKind: 'person',
      RoleCode: null,
      PersonID: 7,
      MinAmount: null,
      MaxAmount: null,
      ExpenseItemIDs: null,
      HcpOnly: false,
      OverseasOnly: false,
      NameZH: '财务',
      NameEN: 'Finance',
    });
    expect(toSave(base)[1]).toMatchObject({ RoleCode: 'SSC', PersonID: null });
  });
});
