/** Hospitals (HCOs) of the demo companies; `level` is the hospital grade code (3A: 三级甲等 …). */
export const DEMO_HCOS = [
  {
    code: 'H001',
    zh: '北京协和医院',
    en: 'Peking Union Medical College Hospital',
    level: '3A',
    city: '北京',
    trial: true,
  },
  {
    code: 'H002',
    zh: '复旦大学附属中山医院',
    en: 'Zhongshan Hospital, Fudan University',
    level: '3A',
    city: '上海',
    trial: true,
  },
  {
    code: 'H003',
    zh: '上海交通大学医学院附属瑞金医院',
    en: 'Ruijin Hospital',
    level: '3A',
    city: '上海',
    trial: false,
  },
  {
    code: 'H004',
    zh: '中山大学肿瘤防治中心',
    en: 'Sun Yat-sen University Cancer Center',
    level: '3A',
    city: '广州',
    trial: true,
  },
  {
    code: 'H005',
    zh: '四川大学华西医院',
    en: 'West China Hospital, Sichuan University',
    level: '3A',
    city: '成都',
    trial: true,
  },
  {
    code: 'H006',
    zh: '上海市第六人民医院',
    en: 'Shanghai Sixth People’s Hospital',
    level: '3A',
    city: '上海',
    trial: false,
  },
  { code: 'H007', zh: '上海市浦东医院', en: 'Shanghai Pudong Hospital', level: '2A', city: '上海', trial: false },
  {
    code: 'H008',
    zh: '潍坊社区卫生服务中心',
    en: 'Weifang Community Health Centre',
    level: '1',
    city: '上海',
    trial: false,
  },
] as const;

/**
 * A made-up resident ID number for a demo doctor (Shanghai Huangpu's area code, a birth date from the code, the
 * ISO 7064 MOD 11-2 check character), so the lecture-fee withholding list has numbers to mask (decision 050).
 */
export function demoIdNumber(code: string): string {
  const n = Number(code.replace(/\D/g, '')) || 0;
  const body = `310101${1960 + (n % 30)}${String((n % 12) + 1).padStart(2, '0')}${String((n % 28) + 1).padStart(2, '0')}${String(100 + n).slice(-3)}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((s, c, i) => s + Number(c) * weights[i]!, 0);
  return `${body}${'10X98765432'[sum % 11]}`;
}

/** The demo cities and titles in English (the master keeps both languages). */
export const CITY_EN: Record<string, string> = {
  北京: 'Beijing',
  上海: 'Shanghai',
  广州: 'Guangzhou',
  成都: 'Chengdu',
};
export const TITLE_EN: Record<string, string> = {
  主任医师: 'Chief Physician',
  副主任医师: 'Associate Chief Physician',
  主治医师: 'Attending Physician',
  住院医师: 'Resident Physician',
};

/** Doctors (HCPs), each at one of the hospitals above. */
export const DEMO_HCPS = [
  { code: 'P001', zh: '王建国', en: 'Jianguo Wang', hco: 'H001', title: '主任医师', dept: '肿瘤内科' },
  { code: 'P002', zh: '李慧敏', en: 'Huimin Li', hco: 'H001', title: '副主任医师', dept: '呼吸内科' },
  { code: 'P003', zh: '陈志强', en: 'Zhiqiang Chen', hco: 'H002', title: '主任医师', dept: '肿瘤内科' },
  { code: 'P004', zh: '赵丽', en: 'Li Zhao', hco: 'H002', title: '主治医师', dept: '心内科' },
  { code: 'P005', zh: '孙明', en: 'Ming Sun', hco: 'H003', title: '主任医师', dept: '血液科' },
  { code: 'P006', zh: '周静', en: 'Jing Zhou', hco: 'H003', title: '副主任医师', dept: '内分泌科' },
  { code: 'P007', zh: '吴海涛', en: 'Haitao Wu', hco: 'H004', title: '主任医师', dept: '胸外科' },
  { code: 'P008', zh: '郑雪', en: 'Xue Zheng', hco: 'H004', title: '主治医师', dept: '肿瘤内科' },
  { code: 'P009', zh: '冯晓东', en: 'Xiaodong Feng', hco: 'H005', title: '主任医师', dept: '肿瘤科' },
  { code: 'P010', zh: '何颖', en: 'Ying He', hco: 'H005', title: '副主任医师', dept: '呼吸内科' },
  { code: 'P011', zh: '高峰', en: 'Feng Gao', hco: 'H006', title: '主任医师', dept: '骨科' },
  { code: 'P012', zh: '林晓燕', en: 'Xiaoyan Lin', hco: 'H006', title: '住院医师', dept: '内分泌科' },
  { code: 'P013', zh: '马骏', en: 'Jun Ma', hco: 'H007', title: '主治医师', dept: '全科' },
  { code: 'P014', zh: '罗敏', en: 'Min Luo', hco: 'H007', title: '副主任医师', dept: '心内科' },
  { code: 'P015', zh: '梁伟', en: 'Wei Liang', hco: 'H008', title: '主治医师', dept: '全科' },
  { code: 'P016', zh: '宋佳', en: 'Jia Song', hco: 'H008', title: '住院医师', dept: '全科' },
] as const;

/** What the demo employee (username `employee`) covers: two hospitals (and so their doctors) and two more doctors. */
export const EMPLOYEE_COVERAGE = { hcos: ['H001', 'H002'], hcps: ['P005', 'P007'] } as const;

/** Reasons for inviting a customer (base-info list CUSTOMER_REASON). */
export const CUSTOMER_REASONS = [
  { code: 'SPEAKER', zh: '讲者', en: 'Speaker' },
  { code: 'ATTENDEE', zh: '参会医生', en: 'Meeting participant' },
  { code: 'ADVISORY', zh: '顾问委员会成员', en: 'Advisory board member' },
  { code: 'EXCHANGE', zh: '学术交流', en: 'Scientific exchange' },
] as const;

/** Attendees, clinical-trial HCOs and lecturer agreements a demo document carries (see DocPlan.customers). */
export interface DemoCustomers {
  /** Per line number: the HCPs (codes) attending, each with a reason code. */
  attendees?: { line: number; hcps: string[]; hcos?: string[]; reason: string }[];
  clinicalHcos?: string[];
  lecturers?: { hcp: string; meeting: string; topic: string; basis: 'gross' | 'net'; fee: string }[];
}
