/** Therapeutic areas per company; `ta` is the area text of the team seeds (demo-org.data.ts) they replace. */
export const THERAPEUTIC_AREAS: Record<
  string,
  { code: string; zh: string; en: string; ta?: string; active?: boolean }[]
> = {
  '1000': [
    { code: 'ONC', zh: '肿瘤', en: 'Oncology', ta: 'Oncology' },
    { code: 'CV', zh: '心血管', en: 'Cardiovascular', ta: 'Cardiovascular' },
    { code: 'RESP', zh: '呼吸', en: 'Respiratory' },
    { code: 'IMM', zh: '免疫', en: 'Immunology', active: false },
  ],
  '2000': [
    { code: 'MD', zh: '医疗器械', en: 'Medical Devices', ta: 'Medical Devices' },
    { code: 'SURG', zh: '外科', en: 'Surgery' },
  ],
};

/** Finance, HR, IT, compliance, audit and administration are support functions, not the commercial line. */
export const SUPPORT_FUNCTIONS: Record<string, string[]> = {
  '1000': ['SSC', 'CMP', 'AUD', 'HR', 'IT'],
  '2000': ['FIN', 'ADM'],
};

/** Units of the EVM meeting system for the EVM teams; `sent` ones the system has acknowledged. */
export const EVM_RELATIONS: { team: string; code: string; name: string; remark?: string; sent: boolean }[] = [
  { team: 'ONC-E-SH', code: 'EVM-ONC-SH', name: '肿瘤-上海会议组', remark: '含学术推广会与科室会', sent: true },
  { team: 'ONC-E-JS', code: 'EVM-ONC-JS', name: '肿瘤-江苏会议组', sent: true },
  { team: 'ONC-N-BJ', code: 'EVM-ONC-BJ', name: '肿瘤-北京会议组', sent: true },
  { team: 'CV-S-GD', code: 'EVM-CV-GD', name: '心血管-广东会议组', remark: '2026 年起接入', sent: false },
];

/** Roles whose holders see the data of the team they hold them for (or the whole company). */
export const TEAM_AUTHORITY_ROLES = ['SYSADMIN', 'MANAGER', 'SSC', 'COMPLIANCE', 'AUDITOR', 'BUDGET'];

/** A role for the HR team: people, teams and the resignation freeze. */
export const HR_ROLE = {
  code: 'HRADMIN',
  zh: '人事管理员',
  en: 'HR administrator',
  functions: ['personManage', 'teamManage', 'taManage', 'supportFuncManage', 'ResignationFreeze'],
};

/** Which whole teams hold a role for the whole company (the SSC staff all work as SSC, and so on). */
export const TEAM_ROLES: { company: string; team: string; role: string }[] = [
  { company: '1000', team: 'SSC', role: 'SSC' },
  { company: '2000', team: 'FIN', role: 'SSC' },
  { company: '1000', team: 'CMP', role: 'COMPLIANCE' },
  { company: '1000', team: 'AUD', role: 'AUDITOR' },
];

/** Heads of these teams get a further role. */
export const HEAD_ROLES: { company: string; team: string; role: string }[] = [
  { company: '1000', team: 'HR', role: 'HRADMIN' },
  { company: '2000', team: 'ADM', role: 'HRADMIN' },
  { company: '1000', team: 'ONC', role: 'BUDGET' },
  { company: '1000', team: 'IT', role: 'SYSADMIN' },
];

/** Approval limits of team heads by the depth of their team (0 = general management). */
export const HEAD_LIMITS = ['1000000.00', '200000.00', '50000.00', '20000.00'];

/** A few people whose status is not active, as any company has. */
export const STATUS_CHANGES: {
  company: string;
  team: string;
  status: 'left' | 'resignation_frozen';
  zh: string;
  en: string;
}[] = [
  {
    company: '1000',
    team: 'MKT',
    status: 'left',
    zh: '个人原因离职，已办完交接',
    en: 'Resigned for personal reasons; handover done',
  },
  {
    company: '1000',
    team: 'CV-W-SC',
    status: 'resignation_frozen',
    zh: '已提交离职申请，月底离职，冻结期间请结清借款',
    en: 'Resignation handed in, leaving at month end; open loans to be settled',
  },
];
