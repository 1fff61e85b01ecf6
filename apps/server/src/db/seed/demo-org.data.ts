/** The demo group: two companies and their team trees. */
export interface TeamSeed {
  code: string;
  zh: string;
  en: string;
  parent?: string;
  bu?: string;
  ta?: string;
  evm?: boolean;
  /** How many people besides the head. */
  members: number;
}

export const COMPANIES = [
  {
    code: '1000',
    zh: '华康医药（中国）有限公司',
    en: 'Huakang Pharmaceutical (China) Co., Ltd.',
    sap: 'CN10',
    taxId: '91310000MA1FL0HK1X',
  },
  {
    code: '2000',
    zh: '华康医疗器械（上海）有限公司',
    en: 'Huakang Medical Devices (Shanghai) Co., Ltd.',
    sap: 'CN20',
    taxId: '91310115MA1HK2QD3C',
  },
] as const;

export const TEAMS: Record<string, TeamSeed[]> = {
  '1000': [
    { code: 'GM', zh: '总经理办公室', en: 'General Management', members: 2 },
    { code: 'ONC', zh: '肿瘤事业部', en: 'Oncology BU', parent: 'GM', bu: 'ONC', ta: 'Oncology', members: 2 },
    {
      code: 'ONC-E',
      zh: '肿瘤华东大区',
      en: 'Oncology East Region',
      parent: 'ONC',
      bu: 'ONC',
      ta: 'Oncology',
      members: 1,
    },
    {
      code: 'ONC-E-SH',
      zh: '肿瘤上海区',
      en: 'Oncology Shanghai District',
      parent: 'ONC-E',
      bu: 'ONC',
      ta: 'Oncology',
      evm: true,
      members: 14,
    },
    {
      code: 'ONC-E-JS',
      zh: '肿瘤江苏区',
      en: 'Oncology Jiangsu District',
      parent: 'ONC-E',
      bu: 'ONC',
      ta: 'Oncology',
      evm: true,
      members: 12,
    },
    {
      code: 'ONC-N',
      zh: '肿瘤华北大区',
      en: 'Oncology North Region',
      parent: 'ONC',
      bu: 'ONC',
      ta: 'Oncology',
      members: 1,
    },
    {
      code: 'ONC-N-BJ',
      zh: '肿瘤北京区',
      en: 'Oncology Beijing District',
      parent: 'ONC-N',
      bu: 'ONC',
      ta: 'Oncology',
      evm: true,
      members: 13,
    },
    {
      code: 'ONC-N-TJ',
      zh: '肿瘤天津区',
      en: 'Oncology Tianjin District',
      parent: 'ONC-N',
      bu: 'ONC',
      ta: 'Oncology',
      members: 9,
    },
    {
      code: 'CV',
      zh: '心血管事业部',
      en: 'Cardiovascular BU',
      parent: 'GM',
      bu: 'CV',
      ta: 'Cardiovascular',
      members: 2,
    },
    {
      code: 'CV-S',
      zh: '心血管华南大区',
      en: 'Cardiovascular South Region',
      parent: 'CV',
      bu: 'CV',
      ta: 'Cardiovascular',
      members: 1,
    },
    {
      code: 'CV-S-GD',
      zh: '心血管广东区',
      en: 'Cardiovascular Guangdong District',
      parent: 'CV-S',
      bu: 'CV',
      ta: 'Cardiovascular',
      evm: true,
      members: 14,
    },
    {
      code: 'CV-S-FJ',
      zh: '心血管福建区',
      en: 'Cardiovascular Fujian District',
      parent: 'CV-S',
      bu: 'CV',
      ta: 'Cardiovascular',
      members: 9,
    },
    {
      code: 'CV-W',
      zh: '心血管西南大区',
      en: 'Cardiovascular Southwest Region',
      parent: 'CV',
      bu: 'CV',
      ta: 'Cardiovascular',
      members: 1,
    },
    {
      code: 'CV-W-SC',
      zh: '心血管四川区',
      en: 'Cardiovascular Sichuan District',
      parent: 'CV-W',
      bu: 'CV',
      ta: 'Cardiovascular',
      members: 12,
    },
    {
      code: 'CV-W-CQ',
      zh: '心血管重庆区',
      en: 'Cardiovascular Chongqing District',
      parent: 'CV-W',
      bu: 'CV',
      ta: 'Cardiovascular',
      members: 8,
    },
    { code: 'MED', zh: '医学事务部', en: 'Medical Affairs', parent: 'GM', members: 10 },
    { code: 'MKT', zh: '市场部', en: 'Marketing', parent: 'GM', members: 10 },
    { code: 'SSC', zh: '财务共享服务中心', en: 'Finance Shared Service Centre', parent: 'GM', members: 10 },
    { code: 'CMP', zh: '合规部', en: 'Compliance', parent: 'GM', members: 4 },
    { code: 'AUD', zh: '内审部', en: 'Internal Audit', parent: 'GM', members: 3 },
    { code: 'HR', zh: '人力资源部', en: 'Human Resources', parent: 'GM', members: 5 },
    { code: 'IT', zh: '信息技术部', en: 'Information Technology', parent: 'GM', members: 5 },
  ],
  '2000': [
    { code: 'GM', zh: '总经理办公室', en: 'General Management', members: 1 },
    { code: 'DEV', zh: '器械销售部', en: 'Device Sales', parent: 'GM', bu: 'DEV', ta: 'Medical Devices', members: 1 },
    {
      code: 'DEV-E',
      zh: '器械华东区',
      en: 'Devices East District',
      parent: 'DEV',
      bu: 'DEV',
      ta: 'Medical Devices',
      members: 10,
    },
    {
      code: 'DEV-S',
      zh: '器械华南区',
      en: 'Devices South District',
      parent: 'DEV',
      bu: 'DEV',
      ta: 'Medical Devices',
      members: 9,
    },
    { code: 'FIN', zh: '财务部', en: 'Finance', parent: 'GM', members: 4 },
    { code: 'ADM', zh: '行政部', en: 'Administration', parent: 'GM', members: 3 },
  ],
};

/** Sign-in users of every kind of person; all share the demo password. */
export const DEMO_PASSWORD = 'Passw0rd!';
export const DEMO_USERS = [
  {
    username: 'admin',
    zh: '系统管理员',
    en: 'System Administrator',
    company: '1000',
    team: 'IT',
    roles: ['SYSADMIN'],
    alsoIn: '2000',
  },
  { username: 'employee', zh: '张伟', en: 'Wei Zhang', company: '1000', team: 'ONC-E-SH', roles: ['EMPLOYEE'] },
  {
    username: 'manager',
    zh: '李静',
    en: 'Jing Li',
    company: '1000',
    team: 'ONC-E-SH',
    roles: ['EMPLOYEE', 'MANAGER'],
    head: true,
  },
  {
    username: 'finance',
    zh: '王芳',
    en: 'Fang Wang',
    company: '1000',
    team: 'SSC',
    roles: ['EMPLOYEE', 'SSC'],
    alsoIn: '2000',
  },
  {
    username: 'compliance',
    zh: '陈敏',
    en: 'Min Chen',
    company: '1000',
    team: 'CMP',
    roles: ['EMPLOYEE', 'COMPLIANCE'],
    // Routes with a compliance step need a holder in each company.
    alsoIn: '2000',
  },
  { username: 'auditor', zh: '刘洋', en: 'Yang Liu', company: '1000', team: 'AUD', roles: ['EMPLOYEE', 'AUDITOR'] },
] as const;
