import type { FapiaoType, VatRate } from '@ems/contracts';
import { type BaseInfoList, SYSTEM_LISTS } from './base-info';
/** Finance master data of the demo group: cost centres, internal orders, ledger expenses, lookups. */

export interface CostCentreSeed {
  num: string;
  zh: string;
  en: string;
  type: 'sales' | 'marketing' | 'medical' | 'admin' | 'rd';
  team: string;
  /** Also the head of this team becomes the second head (the BU or function head). */
  upperTeam?: string;
  stopped?: boolean;
  validTo?: string;
}

export const COST_CENTRES: Record<string, CostCentreSeed[]> = {
  '1000': [
    { num: '1100', zh: '肿瘤事业部管理', en: 'Oncology BU Management', type: 'sales', team: 'ONC', upperTeam: 'GM' },
    {
      num: '1101',
      zh: '肿瘤上海区销售',
      en: 'Oncology Shanghai Sales',
      type: 'sales',
      team: 'ONC-E-SH',
      upperTeam: 'ONC',
    },
    {
      num: '1102',
      zh: '肿瘤江苏区销售',
      en: 'Oncology Jiangsu Sales',
      type: 'sales',
      team: 'ONC-E-JS',
      upperTeam: 'ONC',
    },
    {
      num: '1103',
      zh: '肿瘤北京区销售',
      en: 'Oncology Beijing Sales',
      type: 'sales',
      team: 'ONC-N-BJ',
      upperTeam: 'ONC',
    },
    {
      num: '1104',
      zh: '肿瘤天津区销售',
      en: 'Oncology Tianjin Sales',
      type: 'sales',
      team: 'ONC-N-TJ',
      upperTeam: 'ONC',
    },
    {
      num: '1109',
      zh: '肿瘤华东大区（旧）',
      en: 'Oncology East Region (old)',
      type: 'sales',
      team: 'ONC-E',
      stopped: true,
      validTo: '2025-12-31',
    },
    {
      num: '1200',
      zh: '心血管事业部管理',
      en: 'Cardiovascular BU Management',
      type: 'sales',
      team: 'CV',
      upperTeam: 'GM',
    },
    {
      num: '1201',
      zh: '心血管广东区销售',
      en: 'Cardiovascular Guangdong Sales',
      type: 'sales',
      team: 'CV-S-GD',
      upperTeam: 'CV',
    },
    {
      num: '1202',
      zh: '心血管福建区销售',
      en: 'Cardiovascular Fujian Sales',
      type: 'sales',
      team: 'CV-S-FJ',
      upperTeam: 'CV',
    },
    {
      num: '1203',
      zh: '心血管四川区销售',
      en: 'Cardiovascular Sichuan Sales',
      type: 'sales',
      team: 'CV-W-SC',
      upperTeam: 'CV',
    },
    {
      num: '1204',
      zh: '心血管重庆区销售',
      en: 'Cardiovascular Chongqing Sales',
      type: 'sales',
      team: 'CV-W-CQ',
      upperTeam: 'CV',
    },
    {
      num: '2101',
      zh: '肿瘤产品市场',
      en: 'Oncology Product Marketing',
      type: 'marketing',
      team: 'MKT',
      upperTeam: 'GM',
    },
    {
      num: '2102',
      zh: '心血管产品市场',
      en: 'Cardiovascular Product Marketing',
      type: 'marketing',
      team: 'MKT',
      upperTeam: 'GM',
    },
    { num: '2103', zh: '数字化营销', en: 'Digital Marketing', type: 'marketing', team: 'MKT' },
    { num: '3101', zh: '医学事务', en: 'Medical Affairs', type: 'medical', team: 'MED', upperTeam: 'GM' },
    { num: '3102', zh: '临床研究', en: 'Clinical Research', type: 'rd', team: 'MED', upperTeam: 'GM' },
    {
      num: '3103',
      zh: '医学信息与药物警戒',
      en: 'Medical Information and Pharmacovigilance',
      type: 'medical',
      team: 'MED',
    },
    { num: '4101', zh: '总经理办公室', en: 'General Management Office', type: 'admin', team: 'GM' },
    {
      num: '4102',
      zh: '财务共享服务中心',
      en: 'Finance Shared Service Centre',
      type: 'admin',
      team: 'SSC',
      upperTeam: 'GM',
    },
    { num: '4103', zh: '人力资源', en: 'Human Resources', type: 'admin', team: 'HR', upperTeam: 'GM' },
    { num: '4104', zh: '信息技术', en: 'Information Technology', type: 'admin', team: 'IT', upperTeam: 'GM' },
    { num: '4105', zh: '合规', en: 'Compliance', type: 'admin', team: 'CMP', upperTeam: 'GM' },
    { num: '4106', zh: '内部审计', en: 'Internal Audit', type: 'admin', team: 'AUD', upperTeam: 'GM' },
  ],
  '2000': [
    { num: '5100', zh: '器械销售部管理', en: 'Device Sales Management', type: 'sales', team: 'DEV', upperTeam: 'GM' },
    { num: '5101', zh: '器械华东区销售', en: 'Devices East Sales', type: 'sales', team: 'DEV-E', upperTeam: 'DEV' },
    { num: '5102', zh: '器械华南区销售', en: 'Devices South Sales', type: 'sales', team: 'DEV-S', upperTeam: 'DEV' },
    { num: '6101', zh: '器械市场部', en: 'Device Marketing', type: 'marketing', team: 'DEV', upperTeam: 'GM' },
    { num: '7101', zh: '器械医学与注册', en: 'Device Medical and Regulatory', type: 'medical', team: 'GM' },
    { num: '8101', zh: '总经理办公室', en: 'General Management Office', type: 'admin', team: 'GM' },
    { num: '8102', zh: '财务部', en: 'Finance', type: 'admin', team: 'FIN', upperTeam: 'GM' },
    { num: '8103', zh: '行政部', en: 'Administration', type: 'admin', team: 'ADM', upperTeam: 'GM' },
  ],
};

/** Share of one cost centre's spend carried by others. */
export const ALLOTMENTS: Record<string, { from: string; to: string; percent: string }[]> = {
  '1000': [
    { from: '2103', to: '2101', percent: '50.00' },
    { from: '2103', to: '2102', percent: '30.00' },
    { from: '3103', to: '3101', percent: '40.00' },
  ],
  '2000': [{ from: '6101', to: '5100', percent: '25.00' }],
};

export const INTERNAL_ORDERS: Record<
  string,
  { code: string; zh: string; en: string; cc: string; from?: string; to?: string; stopped?: boolean }[]
> = {
  '1000': [
    {
      code: 'IO26001',
      zh: '2026 CSCO 年会参会',
      en: 'CSCO Annual Meeting 2026',
      cc: '2101',
      from: '2026-01-01',
      to: '2026-12-31',
    },
    {
      code: 'IO26002',
      zh: '2026 长城心脏病学会议',
      en: 'Great Wall Cardiology Congress 2026',
      cc: '2102',
      from: '2026-01-01',
      to: '2026-12-31',
    },
    {
      code: 'IO26003',
      zh: 'HK-ONC-301 三期临床试验',
      en: 'Phase III trial HK-ONC-301',
      cc: '3102',
      from: '2025-06-01',
      to: '2028-12-31',
    },
    {
      code: 'IO26004',
      zh: '华康替尼上市推广',
      en: 'Huakangtinib launch',
      cc: '2101',
      from: '2026-03-01',
      to: '2027-06-30',
    },
    {
      code: 'IO26005',
      zh: '心衰真实世界研究 RWS-CV-02',
      en: 'Heart-failure real-world study RWS-CV-02',
      cc: '3101',
      from: '2026-01-01',
      to: '2027-12-31',
    },
    {
      code: 'IO26006',
      zh: '华东区域学术会议',
      en: 'East China regional academic meetings',
      cc: '1101',
      from: '2026-01-01',
      to: '2026-12-31',
    },
    {
      code: 'IO25009',
      zh: '2025 ASCO 参会',
      en: 'ASCO Annual Meeting 2025',
      cc: '2101',
      from: '2025-01-01',
      to: '2025-12-31',
      stopped: true,
    },
  ],
  '2000': [
    {
      code: 'IO26101',
      zh: '2026 中国国际医疗器械博览会',
      en: 'China International Medical Equipment Fair 2026',
      cc: '6101',
      from: '2026-01-01',
      to: '2026-12-31',
    },
    {
      code: 'IO26102',
      zh: '器械上市后临床研究',
      en: 'Post-market device clinical study',
      cc: '7101',
      from: '2026-02-01',
      to: '2027-12-31',
    },
    {
      code: 'IO26103',
      zh: '经销商培训项目',
      en: 'Distributor training programme',
      cc: '5100',
      from: '2026-01-01',
      to: '2026-12-31',
    },
  ],
};

/** Ledger (main) expenses with their SAP GL accounts; the same chart serves both companies. */
export const LEDGER_EXPENSES: { code: string; zh: string; en: string; gl: string; stopped?: boolean }[] = [
  { code: '6601-01', zh: '销售费用-差旅费', en: 'Selling – travel', gl: '66010100' },
  { code: '6601-02', zh: '销售费用-业务招待费', en: 'Selling – business entertainment', gl: '66010200' },
  { code: '6601-03', zh: '销售费用-会议费', en: 'Selling – meetings', gl: '66010300' },
  { code: '6601-04', zh: '销售费用-讲课费', en: 'Selling – lecture fees', gl: '66010400' },
  { code: '6601-05', zh: '销售费用-临床试验费', en: 'Selling – clinical trials', gl: '66010500' },
  { code: '6601-06', zh: '销售费用-市内交通费', en: 'Selling – local transport', gl: '66010600' },
  { code: '6601-07', zh: '销售费用-机票费', en: 'Selling – air tickets', gl: '66010700' },
  { code: '6601-08', zh: '销售费用-通讯费', en: 'Selling – telephone', gl: '66010800' },
  { code: '6601-09', zh: '销售费用-办公费', en: 'Selling – office', gl: '66010900' },
  { code: '6601-10', zh: '销售费用-市场推广费', en: 'Selling – market promotion', gl: '66011000' },
  { code: '6601-11', zh: '销售费用-学术推广费', en: 'Selling – academic promotion', gl: '66011100' },
  { code: '6601-12', zh: '销售费用-培训费', en: 'Selling – training', gl: '66011200' },
  { code: '6601-99', zh: '销售费用-其他（停用）', en: 'Selling – other (retired)', gl: '66019900', stopped: true },
  { code: '6602-01', zh: '管理费用-差旅费', en: 'Administrative – travel', gl: '66020100' },
  { code: '6602-02', zh: '管理费用-业务招待费', en: 'Administrative – entertainment', gl: '66020200' },
  { code: '6602-03', zh: '管理费用-办公费', en: 'Administrative – office', gl: '66020300' },
  { code: '6602-04', zh: '管理费用-研发费用', en: 'Administrative – research and development', gl: '66020400' },
  { code: '1221-01', zh: '其他应收款-员工借款', en: 'Other receivables – employee advances', gl: '12210100' },
];

/** Monthly mid-rates into CNY around which the demo months move. */
export const FX_BASE: Record<string, number> = { USD: 7.18, EUR: 7.84, HKD: 0.921, JPY: 0.0483, GBP: 9.12 };

/** Every base-information list of a demo company: the system lists, and a cap the HCP meal rule reads. */
export const BASE_INFO: BaseInfoList[] = [
  ...SYSTEM_LISTS,
  {
    code: 'HCP_MEAL_CAP',
    zh: 'HCP 餐费人均上限',
    en: 'HCP meal cap per head',
    items: [
      { code: 'TIER1', zh: '一线城市', en: 'Tier-1 cities', value: '300' },
      { code: 'TIER2', zh: '二线城市', en: 'Tier-2 cities', value: '250' },
      { code: 'TIER3', zh: '其他城市', en: 'Other cities', value: '200' },
    ],
  },
];

/** Grants beyond a person's own team: a team (`team:`) or a demo user (`user:`) may charge a cost centre or order. */
export const FUND_PERMISSIONS: Record<
  string,
  { grantee: string; cc?: string; io?: string; to?: string; remark: string }[]
> = {
  '1000': [
    { grantee: 'team:MED', cc: '2101', remark: '医学部参与肿瘤产品市场活动 / Medical supports oncology marketing' },
    { grantee: 'team:ONC', io: 'IO26004', remark: '肿瘤事业部承担上市推广 / Oncology BU runs the launch' },
    { grantee: 'user:employee', io: 'IO26001', to: '2026-12-31', remark: 'CSCO 参会代表 / CSCO delegate' },
    { grantee: 'user:employee', cc: '1102', to: '2026-12-31', remark: '支援江苏区 / Supporting Jiangsu' },
    { grantee: 'user:manager', cc: '1100', remark: '区域经理可使用事业部费用 / District manager may charge the BU' },
    { grantee: 'team:MKT', io: 'IO26006', remark: '市场部支持区域会议 / Marketing supports regional meetings' },
  ],
  '2000': [
    { grantee: 'team:DEV', io: 'IO26101', remark: '销售部参展 / Sales at the fair' },
    { grantee: 'team:ADM', cc: '8101', remark: '行政代总经理办公室采购 / Administration buys for the GM office' },
  ],
};

/** SAP input-tax codes (MWSKZ) of a company in China: special fapiao by rate, passenger tickets by their formula. */
export const TAX_CODES: { invoiceType: FapiaoType; rate: VatRate; taxCode: string; description: string }[] = [
  ...(['vat_special', 'digital_special'] as const).flatMap((invoiceType) =>
    (
      [
        ['13', 'J1'],
        ['9', 'J2'],
        ['6', 'J3'],
        ['3', 'J4'],
        ['1', 'J5'],
      ] as const
    ).map(([rate, taxCode]) => ({ invoiceType, rate, taxCode, description: `进项税 ${rate}% / input VAT ${rate}%` })),
  ),
  ...(['air', 'rail', 'water'] as const).map((invoiceType) => ({
    invoiceType,
    rate: '9' as const,
    taxCode: 'JT',
    description: '旅客运输 9% / passenger transport 9%',
  })),
  { invoiceType: 'road', rate: '3', taxCode: 'JR', description: '公路客运 3% / road passenger 3%' },
];
