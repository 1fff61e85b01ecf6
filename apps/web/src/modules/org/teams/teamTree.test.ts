import type { TeamRow } from '@ems/contracts';
import { describe, expect, it } from 'vitest';
import { branchIds, toTree } from './teamTree';

const team = (TeamID: number, Code: string, ParentID: number | null): TeamRow => ({
  TeamID,
  Code,
  Name: Code,
  NameZH: `${Code}团队`,
  NameEN: `${Code} team`,
  ParentID,
  ParentName: null,
  BU: null,
  IsEVM: false,
  IsSupportFunction: false,
  TherapeuticAreaID: null,
  TherapeuticAreaName: null,
  Active: true,
  Sort: 0,
  MemberCount: 0,
  Version: 1,
});
const rows = [team(1, 'GM', null), team(2, 'ONC', 1), team(3, 'ONC-SH', 2), team(4, 'HR', 1), team(5, 'ORPHAN', 99)];

describe('team tree', () => {
  it('nests teams under their parents; a team whose parent is missing is a root', () => {
    const tree = toTree(rows);
    expect(tree.map((n) => n.Code)).toEqual(['GM', 'ORPHAN']);
    expect(tree[0]?.children?.map((n) => n.Code)).toEqual(['ONC', 'HR']);
    expect(tree[0]?.children?.[1]?.children).toBeUndefined();
    expect(branchIds(tree)).toEqual([1, 2]);
  });

  it('keeps matches with their ancestors only', () => {
    const tree = toTree(rows, 'sh');
    expect(tree.map((n) => n.Code)).toEqual(['GM']);
    expect(tree[0]?.children?.map((n) => n.Code)).toEqual(['ONC']);
    expect(tree[0]?.children?.[0]?.children?.map((n) => n.Code)).toEqual(['ONC-SH']);
    expect(toTree(rows, 'hr team').map((n) => n.Code)).toEqual(['GM']);
  });
});
