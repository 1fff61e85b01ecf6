import type { WorkflowDetail } from '@ems/contracts';

/** A step being edited: a local key for React and the step's fields. */
export type EditStep = WorkflowDetail & { key: string };

let counter = 0;
const nextKey = () => `step-${++counter}`;

/** Steps numbered 1..n in their list order, as the server stores them. */
export function renumber(steps: EditStep[]): EditStep[] {
  return steps.map((s, i) => (s.Seq === i + 1 ? s : { ...s, Seq: i + 1 }));
}

export function fromServer(details: WorkflowDetail[]): EditStep[] {
  return renumber([...details].sort((a, b) => a.Seq - b.Seq).map((d) => ({ ...d, key: nextKey() })));
}

export function addStep(steps: EditStep[]): EditStep[] {
  return renumber([
    ...steps,
    {
      key: nextKey(),
      Seq: steps.length + 1,
      StepKind: 'line_manager',
      HcpOnly: false,
      OverseasOnly: false,
      NameZH: '',
      NameEN: '',
    },
  ]);
}

export function removeStep(steps: EditStep[], key: string): EditStep[] {
  return renumber(steps.filter((s) => s.key !== key));
}

/** Moves a step one place up (-1) or down (+1); at either end nothing moves. */
export function moveStep(steps: EditStep[], key: string, by: -1 | 1): EditStep[] {
  const i = steps.findIndex((s) => s.key === key);
  const j = i + by;
  if (i < 0 || j < 0 || j >= steps.length) return steps;
  const next = [...steps];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return renumber(next);
}

export function changeStep(steps: EditStep[], key: string, patch: Partial<WorkflowDetail>): EditStep[] {
  return steps.map((s) => (s.key === key ? { ...s, ...patch } : s));
}

/** What is sent: only the field the kind uses names someone (a role code or a person), empty values as null. */
export function toSave(steps: EditStep[]): WorkflowDetail[] {
  return renumber(steps).map(({ key: _key, PersonName: _name, ...s }) => ({
    ...s,
    RoleCode: s.StepKind === 'role' ? (s.RoleCode ?? null) : null,
    PersonID: s.StepKind === 'person' ? (s.PersonID ?? null) : null,
    MinAmount: s.MinAmount?.trim() ? s.MinAmount.trim() : null,
    MaxAmount: s.MaxAmount?.trim() ? s.MaxAmount.trim() : null,
    ExpenseItemIDs: s.ExpenseItemIDs?.length ? s.ExpenseItemIDs : null,
  }));
}
