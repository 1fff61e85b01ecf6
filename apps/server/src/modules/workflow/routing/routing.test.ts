import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../core/errors';
import { type Directory, type RouteDocument, type RouteTemplateStep, resolveRoute } from './routing';

// A line: 10 (applicant) → 9 (limit 5,000) → 5 (limit 50,000) → 1 (limit 1,000,000) → top.
const managers: Record<number, number | null> = { 10: 9, 9: 5, 5: 1, 1: null, 20: 9, 30: null };
const limits: Record<number, string | null> = {
  9: '5000.00',
  5: '50000.00',
  1: '1000000.00',
  10: null,
  20: null,
  30: null,
};
const dir: Directory = {
  managerOf: (id) => managers[id] ?? null,
  approvalLimitOf: (id) => limits[id] ?? null,
  costCentreHeads: (cc) =>
    cc === 100
      ? [
          { employeeId: 9, amountLimit: '10000.00' },
          { employeeId: 5, amountLimit: null },
        ]
      : [],
  roleMembers: (code) => (code === 'COMPLIANCE' ? [40, 41] : []),
  canApprove: () => true,
  specialApprovers: (items) => (items.includes(7) ? [50] : []),
};
const doc = (over: Partial<RouteDocument> = {}): RouteDocument => ({
  type: 'deputy',
  applicantId: 10,
  preparerId: 10,
  amountCny: '1000.00',
  costCentreId: 100,
  expenseItemIds: [1],
  hasHcp: false,
  overseas: false,
  ...over,
});
const step = (
  seq: number,
  kind: RouteTemplateStep['kind'],
  over: Partial<RouteTemplateStep> = {},
): RouteTemplateStep => ({
  seq,
  kind,
  nameZh: `步骤${seq}`,
  nameEn: `Step ${seq}`,
  ...over,
});
const approvers = (template: RouteTemplateStep[], d = doc()) => resolveRoute(template, d, dir).map((s) => s.approverId);

describe('route resolution', () => {
  it('walks up the line until an approval limit covers the amount', () => {
    expect(approvers([step(1, 'approval_limit_chain')], doc({ amountCny: '4999.99' }))).toEqual([9]);
    expect(approvers([step(1, 'approval_limit_chain')], doc({ amountCny: '5000.01' }))).toEqual([9, 5]);
    expect(approvers([step(1, 'approval_limit_chain')], doc({ amountCny: '2000000.00' }))).toEqual([9, 5, 1]);
  });

  it('takes cost-centre heads in order until one may approve the amount', () => {
    expect(approvers([step(1, 'cost_centre_head')], doc({ amountCny: '8000.00' }))).toEqual([9]);
    expect(approvers([step(1, 'cost_centre_head')], doc({ amountCny: '80000.00' }))).toEqual([9, 5]);
  });

  it('applies steps only when their conditions hold', () => {
    const template = [
      step(1, 'line_manager'),
      step(2, 'role', { roleCode: 'COMPLIANCE', hcpOnly: true }),
      step(3, 'person', { personId: 60, minAmount: '10000.00' }),
      step(4, 'special_approver', { expenseItemIds: [7] }),
      step(5, 'person', { personId: 70, overseasOnly: true }),
    ];
    expect(approvers(template)).toEqual([9]);
    expect(
      approvers(template, doc({ hasHcp: true, amountCny: '10000.00', expenseItemIds: [1, 7], overseas: true })),
    ).toEqual([9, 40, 60, 50, 70]);
  });

  it('never lets the applicant approve their own document', () => {
    const route = resolveRoute([step(1, 'person', { personId: 10 })], doc(), dir);
    expect(route[0]).toMatchObject({ approverId: 9, reasonKey: 'workflow.reason.self_replaced' });
  });

  it('approves consecutive steps of the same person once, recording the repeat as automatic', () => {
    const route = resolveRoute(
      [step(1, 'line_manager'), step(2, 'cost_centre_head')],
      doc({ amountCny: '100.00' }),
      dir,
    );
    expect(route.map((s) => [s.approverId, s.auto])).toEqual([
      [9, false],
      [9, true],
    ]);
  });

  it('refuses a route that finds nobody', () => {
    expect(() => resolveRoute([step(1, 'line_manager')], doc({ applicantId: 30 }), dir)).toThrow(AppError);
    expect(() => resolveRoute([step(1, 'role', { roleCode: 'NOBODY' })], doc(), dir)).toThrow(
      /workflow.approver_missing/,
    );
    expect(() => resolveRoute([step(1, 'person', { personId: 60, minAmount: '99999.00' })], doc(), dir)).toThrow(
      /workflow.route_empty/,
    );
  });

  it('never routes to the applicant and always numbers steps from 1, whatever the amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300_000_000 }), fc.constantFrom(10, 20), (cents, applicantId) => {
        const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
        const route = resolveRoute(
          [step(1, 'approval_limit_chain'), step(2, 'cost_centre_head')],
          doc({ amountCny: amount, applicantId }),
          dir,
        );
        expect(route.every((s) => s.approverId !== applicantId)).toBe(true);
        expect(route.map((s) => s.seq)).toEqual(route.map((_, i) => i + 1));
      }),
    );
  });
});
