import type { ExpenseCategory, ExpenseDocType, ProviderCategory } from '@ems/contracts';
import { LEDGER_EXPENSES } from './demo-finmd.data';

/** Demo expense master data of the two companies: items, types per document type, GL mappings, products, providers. */

type Names = readonly [zh: string, en: string];

export interface ItemSeed {
  code: string;
  names: Names;
  category: ExpenseCategory;
  hcp?: boolean;
  noInvoice?: boolean;
  /** Fapiao made out to a person are accepted (a rail or air ticket bought without the company's title). */
  personalBuyer?: boolean;
  max?: string;
  inactive?: boolean;
  /** Only in this company (else in both). */
  only?: '1000' | '2000';
  subs?: readonly (readonly [code: string, zh: string, en: string])[];
}

export const ITEMS: readonly ItemSeed[] = [
  {
    code: 'LECTURE_FEE',
    names: ['讲课费', 'Lecture fee'],
    category: 'lecture_fee',
    hcp: true,
    noInvoice: true,
    max: '5000.00',
    subs: [
      ['NATIONAL', '全国级讲者', 'National speaker'],
      ['PROVINCIAL', '省级讲者', 'Provincial speaker'],
      ['CITY', '市级讲者', 'City speaker'],
    ],
  },
  {
    code: 'HCP_MEAL',
    names: ['医生餐费', 'HCP meal'],
    category: 'hcp_meal',
    hcp: true,
    max: '3000.00',
    subs: [
      ['WORKING', '工作餐', 'Working meal'],
      ['DEPT_MEETING', '科室会用餐', 'Department-meeting meal'],
    ],
  },
  {
    code: 'MEETING_VENUE',
    names: ['会议场地费', 'Meeting venue'],
    category: 'meeting',
    hcp: true,
    subs: [
      ['VENUE', '场地租赁', 'Venue rental'],
      ['AV', '视听设备', 'Audio-visual equipment'],
      ['MATERIALS', '会议资料印刷', 'Meeting materials printing'],
    ],
  },
  { code: 'MEETING_REG', names: ['学术会议注册费', 'Congress registration'], category: 'meeting', hcp: true },
  {
    code: 'HOTEL',
    names: ['住宿费', 'Hotel'],
    category: 'travel',
    subs: [
      ['TIER1', '一线城市', 'Tier-1 city'],
      ['OTHER', '其他城市', 'Other cities'],
    ],
  },
  {
    code: 'TRAVEL_ALLOW',
    names: ['出差补贴', 'Travel allowance'],
    category: 'travel',
    noInvoice: true,
    max: '200.00',
  },
  { code: 'TRAIN', names: ['火车票', 'Train ticket'], category: 'travel', personalBuyer: true },
  {
    code: 'AIR_TICKET',
    names: ['机票', 'Air ticket'],
    category: 'air_ticket',
    personalBuyer: true,
    subs: [
      ['DOMESTIC', '国内航班', 'Domestic flight'],
      ['INTL', '国际航班', 'International flight'],
    ],
  },
  { code: 'RIDE_HAILING', names: ['网约车', 'Ride-hailing'], category: 'ride_hailing' },
  { code: 'TAXI', names: ['出租车费', 'Taxi'], category: 'travel', max: '500.00' },
  {
    code: 'CLINICAL_TRIAL',
    names: ['临床试验费', 'Clinical trial fee'],
    category: 'clinical_trial',
    hcp: true,
    only: '1000',
    subs: [
      ['SITE_FEE', '研究中心费用', 'Site fee'],
      ['SUBJECT', '受试者补助', 'Subject compensation'],
      ['CRC', 'CRC服务费', 'CRC service fee'],
    ],
  },
  {
    code: 'DEVICE_TRIAL',
    names: ['器械临床评价费', 'Device clinical evaluation fee'],
    category: 'clinical_trial',
    hcp: true,
    only: '2000',
  },
  { code: 'PHONE', names: ['通讯费', 'Phone'], category: 'phone', max: '300.00' },
  { code: 'OFFICE', names: ['办公用品', 'Office supplies'], category: 'office' },
  { code: 'COURIER', names: ['快递费', 'Courier'], category: 'office' },
  { code: 'TRAINING', names: ['培训费', 'Training'], category: 'other' },
  { code: 'ENTERTAIN', names: ['业务招待费', 'Business entertainment'], category: 'other', max: '2000.00' },
  { code: 'TRAVEL_ADVANCE', names: ['差旅借款', 'Travel advance'], category: 'advance', noInvoice: true },
  { code: 'MEETING_ADVANCE', names: ['会议借款', 'Meeting advance'], category: 'advance', noInvoice: true },
  { code: 'FAX', names: ['传真费', 'Fax'], category: 'office', inactive: true },
];

export interface TypeSeed {
  code: string;
  names: Names;
  items?: readonly string[];
  children?: readonly TypeSeed[];
  inactive?: boolean;
  restricted?: boolean;
  /** Team codes the type is limited to. */
  teams?: Partial<Record<'1000' | '2000', readonly string[]>>;
  only?: '1000' | '2000';
}

export const TYPES: Record<ExpenseDocType, readonly TypeSeed[]> = {
  apply: [
    {
      code: 'A_MEETING',
      names: ['会议活动', 'Meetings and events'],
      children: [
        {
          code: 'A_DEPT_MEETING',
          names: ['科室会', 'Department meeting'],
          items: ['HCP_MEAL', 'MEETING_VENUE', 'LECTURE_FEE'],
        },
        {
          code: 'A_CITY_MEETING',
          names: ['城市会', 'City meeting'],
          items: ['MEETING_VENUE', 'LECTURE_FEE', 'HCP_MEAL', 'HOTEL'],
          teams: { '2000': ['DEV'] },
        },
        {
          code: 'A_CONGRESS',
          names: ['学术会议赞助', 'Congress sponsorship'],
          items: ['MEETING_REG', 'HOTEL', 'AIR_TICKET'],
          teams: { '1000': ['ONC', 'CV', 'MED'] },
        },
      ],
    },
    {
      code: 'A_IIT',
      names: ['研究者发起的研究', 'Investigator-initiated study'],
      items: ['CLINICAL_TRIAL'],
      restricted: true,
      teams: { '1000': ['MED'] },
      only: '1000',
    },
    {
      code: 'A_TRIP',
      names: ['出差申请', 'Business trip'],
      items: ['HOTEL', 'AIR_TICKET', 'TRAIN', 'TRAVEL_ALLOW'],
    },
  ],
  deputy: [
    {
      code: 'D_DAILY',
      names: ['日常费用', 'Daily expenses'],
      children: [
        {
          code: 'D_TRAVEL',
          names: ['差旅费', 'Travel'],
          items: ['HOTEL', 'AIR_TICKET', 'TRAIN', 'TRAVEL_ALLOW', 'TAXI', 'RIDE_HAILING'],
        },
        { code: 'D_OFFICE', names: ['办公及通讯', 'Office and phone'], items: ['OFFICE', 'COURIER', 'PHONE'] },
        { code: 'D_ENTERTAIN', names: ['业务招待', 'Entertainment'], items: ['ENTERTAIN'] },
      ],
    },
    {
      code: 'D_MARKETING',
      names: ['市场活动', 'Marketing activities'],
      children: [
        {
          code: 'D_MEETING',
          names: ['会议费用', 'Meeting costs'],
          items: ['MEETING_VENUE', 'HCP_MEAL', 'LECTURE_FEE', 'MEETING_REG', 'AIR_TICKET'],
        },
        {
          code: 'D_CLINICAL',
          names: ['临床研究费用', 'Clinical research'],
          items: ['CLINICAL_TRIAL', 'DEVICE_TRIAL'],
          teams: { '1000': ['MED'] },
        },
      ],
    },
    { code: 'D_TRAINING', names: ['培训费用', 'Training'], items: ['TRAINING'] },
  ],
  loan: [
    { code: 'L_TRAVEL', names: ['差旅借款', 'Travel advance'], items: ['TRAVEL_ADVANCE'] },
    { code: 'L_MEETING', names: ['会议借款', 'Meeting advance'], items: ['MEETING_ADVANCE'] },
    { code: 'L_PETTY', names: ['备用金借款（停用）', 'Petty cash advance (stopped)'], inactive: true },
  ],
};

/** Ledger expenses the GL mappings name (the finance chart); created here only when the finance master data has not (matched by code). */
export const LEDGERS: readonly (readonly [code: string, zh: string, en: string, gl: string])[] = LEDGER_EXPENSES.filter(
  (l) => !l.stopped,
).map((l) => [l.code, l.zh, l.en, l.gl] as const);

/** item → ledger code for deputy (and loan for advances); then scoped exceptions. */
export const GL_DEFAULTS: Record<string, string> = {
  LECTURE_FEE: '6601-04',
  HCP_MEAL: '6601-03',
  MEETING_VENUE: '6601-03',
  MEETING_REG: '6601-11',
  HOTEL: '6601-01',
  TRAVEL_ALLOW: '6601-01',
  TRAIN: '6601-01',
  AIR_TICKET: '6601-07',
  RIDE_HAILING: '6601-06',
  TAXI: '6601-06',
  CLINICAL_TRIAL: '6601-05',
  DEVICE_TRIAL: '6601-05',
  PHONE: '6601-08',
  OFFICE: '6601-09',
  COURIER: '6601-09',
  TRAINING: '6601-12',
  ENTERTAIN: '6601-02',
  TRAVEL_ADVANCE: '1221-01',
  MEETING_ADVANCE: '1221-01',
};
export const GL_SCOPED: readonly { item: string; costCentreType?: string; product?: string; ledger: string }[] = [
  { item: 'MEETING_VENUE', costCentreType: 'marketing', ledger: '6601-10' },
  { item: 'HCP_MEAL', costCentreType: 'marketing', ledger: '6601-10' },
  { item: 'HOTEL', costCentreType: 'medical', ledger: '6601-11' },
  { item: 'HCP_MEAL', product: 'CV-004', ledger: '6601-11' },
  { item: 'MEETING_VENUE', product: 'INTV-001', ledger: '6601-10' },
];

export const BUS: Record<'1000' | '2000', readonly (readonly [code: string, zh: string, en: string, team: string])[]> =
  {
    '1000': [
      ['ONC', '肿瘤事业部', 'Oncology BU', 'ONC'],
      ['CV', '心血管事业部', 'Cardiovascular BU', 'CV'],
    ],
    '2000': [
      ['INTV', '介入器械事业部', 'Interventional Devices BU', 'DEV'],
      ['DIAG', '体外诊断事业部', 'In-vitro Diagnostics BU', 'DEV'],
    ],
  };

export const PRODUCTS: Record<
  '1000' | '2000',
  readonly (readonly [code: string, zh: string, en: string, bu: string, sap: string, inactive?: boolean])[]
> = {
  '1000': [
    ['ONC-001', '注射用紫杉醇（白蛋白结合型）', 'Paclitaxel for injection (albumin-bound)', 'ONC', '100000101'],
    ['ONC-002', '奥希替尼片', 'Osimertinib tablets', 'ONC', '100000102'],
    ['ONC-003', '贝伐珠单抗注射液', 'Bevacizumab injection', 'ONC', '100000103'],
    ['ONC-004', '来曲唑片', 'Letrozole tablets', 'ONC', '100000104'],
    ['ONC-005', '卡培他滨片', 'Capecitabine tablets', 'ONC', '100000105'],
    ['CV-001', '阿托伐他汀钙片', 'Atorvastatin calcium tablets', 'CV', '100000201'],
    ['CV-002', '瑞舒伐他汀钙片', 'Rosuvastatin calcium tablets', 'CV', '100000202'],
    ['CV-003', '替格瑞洛片', 'Ticagrelor tablets', 'CV', '100000203'],
    ['CV-004', '沙库巴曲缬沙坦钠片', 'Sacubitril/valsartan tablets', 'CV', '100000204'],
    ['CV-005', '苯磺酸氨氯地平片', 'Amlodipine besylate tablets', 'CV', '100000205', true],
  ],
  '2000': [
    ['INTV-001', '药物洗脱冠脉支架系统', 'Drug-eluting coronary stent system', 'INTV', '200000101'],
    ['INTV-002', 'PTCA球囊扩张导管', 'PTCA balloon dilatation catheter', 'INTV', '200000102'],
    ['INTV-003', '血管造影导丝', 'Angiographic guidewire', 'INTV', '200000103'],
    ['DIAG-001', '全自动化学发光免疫分析仪', 'Automated chemiluminescence immunoassay analyser', 'DIAG', '200000201'],
    ['DIAG-002', '高敏肌钙蛋白I检测试剂盒', 'High-sensitivity troponin I assay kit', 'DIAG', '200000202'],
  ],
};

export interface ProviderSeed {
  names: Names;
  category: ProviderCategory;
  bank: string;
  inactive?: boolean;
  /** Reason it needs no purchase order, if it is on the PO white list. */
  whiteList?: string;
}

export const PROVIDERS: Record<'1000' | '2000', readonly ProviderSeed[]> = {
  '1000': [
    {
      names: ['上海浦江会议酒店有限公司', 'Shanghai Pujiang Conference Hotel Co., Ltd.'],
      category: 'hotel',
      bank: '中国工商银行上海浦东分行',
    },
    {
      names: ['北京国贸商务酒店有限公司', 'Beijing Guomao Business Hotel Co., Ltd.'],
      category: 'hotel',
      bank: '中国银行北京国贸支行',
    },
    {
      names: ['广州珠江会展酒店有限公司', 'Guangzhou Pearl River Convention Hotel Co., Ltd.'],
      category: 'hotel',
      bank: '招商银行广州天河支行',
    },
    {
      names: ['华程国际旅行社有限公司', 'Huacheng International Travel Service Co., Ltd.'],
      category: 'travel_agency',
      bank: '中国建设银行上海静安支行',
      whiteList: '差旅服务框架协议，按月结算',
    },
    {
      names: ['东方商旅服务有限公司', 'Dongfang Business Travel Services Co., Ltd.'],
      category: 'travel_agency',
      bank: '交通银行上海分行',
    },
    {
      names: ['上海医会会务服务有限公司', 'Shanghai Yihui Conference Services Co., Ltd.'],
      category: 'conference',
      bank: '上海浦东发展银行徐汇支行',
      whiteList: '会务服务框架协议供应商，按场次结算',
    },
    {
      names: ['北京博学会议展览有限公司', 'Beijing Boxue Conferences and Exhibitions Co., Ltd.'],
      category: 'conference',
      bank: '中国民生银行北京分行',
    },
    {
      names: [
        '华东医科大学附属肿瘤医院药物临床试验机构',
        'East China Medical University Cancer Hospital, Clinical Trial Institution',
      ],
      category: 'hospital_research',
      bank: '中国工商银行上海徐汇支行',
      whiteList: '临床试验协议付款，无需采购订单',
    },
    {
      names: ['南方医学院附属心血管病医院GCP办公室', 'Southern Medical College Cardiovascular Hospital, GCP Office'],
      category: 'hospital_research',
      bank: '中国银行广州越秀支行',
      whiteList: '临床试验协议付款，无需采购订单',
    },
    {
      names: ['中航商旅票务服务有限公司', 'Zhonghang Air Ticketing Services Co., Ltd.'],
      category: 'airline',
      bank: '中国农业银行北京朝阳支行',
    },
    {
      names: ['上海味道餐饮管理有限公司', 'Shanghai Weidao Catering Management Co., Ltd.'],
      category: 'catering',
      bank: '招商银行上海南京西路支行',
    },
    {
      names: ['上海老城厢宾馆有限公司', 'Shanghai Old Town Guesthouse Co., Ltd.'],
      category: 'hotel',
      bank: '上海农商银行黄浦支行',
      inactive: true,
    },
  ],
  '2000': [
    {
      names: ['上海张江国际会议中心有限公司', 'Shanghai Zhangjiang International Conference Centre Co., Ltd.'],
      category: 'conference',
      bank: '中国工商银行上海张江支行',
      whiteList: '器械培训会场地框架协议',
    },
    {
      names: ['杭州西湖商务酒店有限公司', 'Hangzhou West Lake Business Hotel Co., Ltd.'],
      category: 'hotel',
      bank: '杭州银行西湖支行',
    },
    {
      names: ['华程国际旅行社有限公司', 'Huacheng International Travel Service Co., Ltd.'],
      category: 'travel_agency',
      bank: '中国建设银行上海静安支行',
    },
    {
      names: [
        '华南医科大学附属第一医院器械临床试验机构',
        'South China Medical University First Hospital, Device Trials',
      ],
      category: 'hospital_research',
      bank: '中国银行广州天河支行',
      whiteList: '器械临床评价协议付款',
    },
  ],
};
