import type { DocType } from '@ems/contracts';
import type { DemoCustomers } from './demo-customers.data';

/** Route templates of the demo companies (the company code is appended to each code). */
export const WORKFLOWS = [
  {
    header: { Code: 'APPLY-STD', DocType: 'apply' as const, NameZH: '申请单审批', NameEN: 'Apply approval' },
    details: [
      {
        Seq: 1,
        StepKind: 'line_manager' as const,
        NameZH: '直属经理',
        NameEN: 'Line manager',
        HcpOnly: false,
        OverseasOnly: false,
      },
      {
        Seq: 2,
        StepKind: 'approval_limit_chain' as const,
        MinAmount: '20000.00',
        NameZH: '逐级审批',
        NameEN: 'Up the line by approval limit',
        HcpOnly: false,
        OverseasOnly: false,
      },
    ],
  },
  {
    header: { Code: 'LOAN-STD', DocType: 'loan' as const, NameZH: '借款单审批', NameEN: 'Loan approval' },
    details: [
      {
        Seq: 1,
        StepKind: 'line_manager' as const,
        NameZH: '直属经理',
        NameEN: 'Line manager',
        HcpOnly: false,
        OverseasOnly: false,
      },
      {
        Seq: 2,
        StepKind: 'approval_limit_chain' as const,
        MinAmount: '10000.00',
        NameZH: '逐级审批',
        NameEN: 'Up the line by approval limit',
        HcpOnly: false,
        OverseasOnly: false,
      },
    ],
  },
  {
    header: { Code: 'DEPUTY-STD', DocType: 'deputy' as const, NameZH: '报销单审批', NameEN: 'Reimbursement approval' },
    details: [
      {
        Seq: 1,
        StepKind: 'line_manager' as const,
        NameZH: '直属经理',
        NameEN: 'Line manager',
        HcpOnly: false,
        OverseasOnly: false,
      },
      {
        Seq: 2,
        StepKind: 'role' as const,
        RoleCode: 'COMPLIANCE',
        HcpOnly: true,
        OverseasOnly: false,
        NameZH: '合规审核（涉及医疗卫生专业人士）',
        NameEN: 'Compliance (spend on healthcare professionals)',
      },
      {
        Seq: 3,
        StepKind: 'approval_limit_chain' as const,
        MinAmount: '20000.00',
        NameZH: '逐级审批',
        NameEN: 'Up the line by approval limit',
        HcpOnly: false,
        OverseasOnly: false,
      },
    ],
  },
  {
    // Office and phone costs are checked by IT: the system administrator approves them by role.
    header: {
      Code: 'DEPUTY-OFFICE',
      DocType: 'deputy' as const,
      NameZH: '办公及通讯报销审批',
      NameEN: 'Office and phone reimbursement approval',
    },
    expenseType: 'D_OFFICE',
    details: [
      {
        Seq: 1,
        StepKind: 'line_manager' as const,
        NameZH: '直属经理',
        NameEN: 'Line manager',
        HcpOnly: false,
        OverseasOnly: false,
      },
      {
        Seq: 2,
        StepKind: 'role' as const,
        RoleCode: 'SYSADMIN',
        NameZH: '信息技术审核',
        NameEN: 'IT review',
        HcpOnly: false,
        OverseasOnly: false,
      },
    ],
  },
  {
    // Meeting advances are paid out ahead of the event, so the shared-service centre approves them by role.
    header: {
      Code: 'LOAN-MEETING',
      DocType: 'loan' as const,
      NameZH: '会议借款审批',
      NameEN: 'Meeting advance approval',
    },
    expenseType: 'L_MEETING',
    details: [
      {
        Seq: 1,
        StepKind: 'line_manager' as const,
        NameZH: '直属经理',
        NameEN: 'Line manager',
        HcpOnly: false,
        OverseasOnly: false,
      },
      {
        Seq: 2,
        StepKind: 'role' as const,
        RoleCode: 'SSC',
        NameZH: '财务审核',
        NameEN: 'Finance review',
        HcpOnly: false,
        OverseasOnly: false,
      },
    ],
  },
] as const;

export interface DocPlan {
  docType: DocType;
  /** Expense type code (its items are used in order). */
  type: string;
  end: 'draft' | 'confirming' | 'approving' | 'returned' | 'approved' | 'cancelled';
  reason: string;
  /** Item codes the expense type offers. */
  lines: { item: string; amount: string; text: string }[];
  byProxy?: boolean;
  /** The demo employee (张伟) applies, so the demo users meet it on their screens. */
  mine?: boolean;
  longTerm?: boolean;
  rejectComment?: string;
  /** With `approving`: how many pending steps their approvers decide first, so it waits further along its route. */
  approveSteps?: number;
  /** HCP/HCO attendees, clinical-trial HCOs and lecturer agreements, added before it is submitted. */
  customers?: DemoCustomers;
  /** Apply: its event was this many days ago (start and end date); without evidence the nightly job blocks it. */
  eventDaysAgo?: number;
  /**
   * Approved apply: milestones (planned in `inDays`) and the goods received on them (`daysAgo`; the text follows the
   * name of the month it falls in).
   */
  milestones?: {
    name: string;
    inDays: number;
    amount: string;
    receipts: { daysAgo: number; amount: string; text: string }[];
  }[];
}

/** Documents of every type in each state the approval part of the lifecycle reaches, spread over the applicants. */
export const DOC_PLAN: readonly DocPlan[] = [
  {
    docType: 'deputy',
    type: 'D_TRAVEL',
    end: 'draft',
    reason: '上海客户拜访差旅',
    lines: [
      { item: 'HOTEL', amount: '680.00', text: '酒店两晚' },
      { item: 'TAXI', amount: '45.50', text: '出租车' },
    ],
  },
  {
    docType: 'deputy',
    type: 'D_TRAVEL',
    end: 'approving',
    reason: '杭州学术会议差旅',
    mine: true,
    lines: [
      { item: 'HOTEL', amount: '920.00', text: '酒店' },
      { item: 'TRAIN', amount: '553.00', text: '高铁往返' },
    ],
  },
  {
    docType: 'apply',
    type: 'A_TRIP',
    end: 'approving',
    reason: '北京区域市场调研出差',
    mine: true,
    lines: [
      { item: 'HOTEL', amount: '3200.00', text: '住宿预算' },
      { item: 'AIR_TICKET', amount: '2400.00', text: '机票预算' },
    ],
  },
  {
    docType: 'loan',
    type: 'L_TRAVEL',
    end: 'approving',
    reason: '出差备用金',
    lines: [{ item: 'TRAVEL_ADVANCE', amount: '3000.00', text: '差旅备用金' }],
  },
  {
    docType: 'deputy',
    type: 'D_TRAVEL',
    end: 'returned',
    reason: '广州拜访医院差旅',
    mine: true,
    lines: [{ item: 'HOTEL', amount: '1280.00', text: '酒店三晚' }],
    rejectComment: '请补充酒店发票和行程说明',
  },
  {
    docType: 'apply',
    type: 'A_TRIP',
    end: 'returned',
    reason: '成都区域会议出差',
    lines: [{ item: 'HOTEL', amount: '4600.00', text: '住宿及交通预算' }],
    rejectComment: '预算偏高，请按差旅标准调整',
  },
  {
    docType: 'deputy',
    type: 'D_TRAVEL',
    end: 'approved',
    reason: '南京拜访客户差旅',
    lines: [
      { item: 'HOTEL', amount: '560.00', text: '酒店' },
      { item: 'TAXI', amount: '86.00', text: '出租车' },
    ],
  },
  {
    docType: 'apply',
    type: 'A_TRIP',
    end: 'approved',
    reason: '全年区域拜访出差（长期）',
    mine: true,
    lines: [{ item: 'HOTEL', amount: '18000.00', text: '全年差旅预算' }],
    longTerm: true,
    milestones: [
      {
        name: '第一阶段区域拜访',
        inDays: -20,
        amount: '4500.00',
        receipts: [
          { daysAgo: 60, amount: '1500.00', text: '拜访住宿' },
          { daysAgo: 30, amount: '1680.00', text: '拜访住宿' },
        ],
      },
      {
        name: '第二阶段区域拜访',
        inDays: 70,
        amount: '4500.00',
        receipts: [{ daysAgo: 5, amount: '980.00', text: '拜访住宿' }],
      },
      { name: '第三阶段区域拜访', inDays: 160, amount: '9000.00', receipts: [] },
    ],
  },
  // An HCP activity held 45 days ago whose sign-in sheet and photos never came: the nightly job blocks it.
  {
    docType: 'apply',
    type: 'A_DEPT_MEETING',
    end: 'approved',
    reason: '心内科科室会（活动证明逾期未上传）',
    eventDaysAgo: 45,
    lines: [{ item: 'HCP_MEAL', amount: '1600.00', text: '科室会工作餐（医生10人）' }],
  },
  {
    docType: 'loan',
    type: 'L_TRAVEL',
    end: 'approved',
    reason: '长途出差借款',
    mine: true,
    lines: [{ item: 'TRAVEL_ADVANCE', amount: '5000.00', text: '差旅借款' }],
  },
  {
    docType: 'deputy',
    type: 'D_TRAVEL',
    end: 'confirming',
    reason: '代填：苏州拜访差旅',
    mine: true,
    lines: [{ item: 'HOTEL', amount: '430.00', text: '酒店' }],
    byProxy: true,
  },
  {
    docType: 'deputy',
    type: 'D_TRAVEL',
    end: 'cancelled',
    reason: '重复提交的差旅报销',
    lines: [{ item: 'TAXI', amount: '210.00', text: '出租车' }],
  },
  {
    docType: 'apply',
    type: 'A_TRIP',
    end: 'draft',
    reason: '下月武汉出差',
    lines: [{ item: 'HOTEL', amount: '2600.00', text: '住宿预算' }],
  },
  {
    docType: 'loan',
    type: 'L_TRAVEL',
    end: 'draft',
    reason: '会议备用金',
    lines: [{ item: 'TRAVEL_ADVANCE', amount: '2000.00', text: '备用金' }],
  },
  {
    docType: 'deputy',
    type: 'D_TRAVEL',
    end: 'approving',
    reason: '深圳培训差旅',
    lines: [
      { item: 'HOTEL', amount: '1150.00', text: '酒店' },
      { item: 'AIR_TICKET', amount: '1480.00', text: '机票' },
    ],
  },
  {
    docType: 'deputy',
    type: 'D_TRAVEL',
    end: 'approved',
    reason: '上海市内交通',
    lines: [{ item: 'TAXI', amount: '128.00', text: '出租车' }],
  },
  // Spend on healthcare professionals (the items are flagged so), for the compliance view and its route step.
  {
    docType: 'deputy',
    type: 'D_MEETING',
    end: 'approving',
    reason: '肿瘤科室会：医生餐费及讲课费',
    mine: true,
    lines: [
      { item: 'HCP_MEAL', amount: '1800.00', text: '科室会工作餐（医生12人）' },
      { item: 'LECTURE_FEE', amount: '3000.00', text: '讲者讲课费' },
    ],
    customers: {
      attendees: [
        { line: 1, hcps: ['P001', 'P002', 'P003', 'P004', 'P005', 'P007', 'P008'], reason: 'ATTENDEE' },
        { line: 2, hcps: ['P001'], reason: 'SPEAKER' },
      ],
      clinicalHcos: ['H001', 'H002'],
      lecturers: [{ hcp: 'P001', meeting: '肿瘤科室会', topic: '肺癌靶向治疗进展', basis: 'gross', fee: '3000.00' }],
    },
  },
  // A draft of the demo employee with a doctors' meal and a lecture: attendees and an agreement still to change.
  {
    docType: 'deputy',
    type: 'D_MEETING',
    end: 'draft',
    reason: '呼吸科病例讨论会',
    mine: true,
    lines: [
      { item: 'HCP_MEAL', amount: '1000.00', text: '病例讨论会工作餐' },
      // Agreed after tax: the line claims the fee before tax the agreement grosses 4,200 up to.
      { item: 'LECTURE_FEE', amount: '5000.00', text: '讲者讲课费（税后4200元）' },
    ],
    customers: {
      attendees: [{ line: 1, hcps: ['P002', 'P004', 'P010'], reason: 'ATTENDEE' }],
      lecturers: [
        { hcp: 'P002', meeting: '呼吸科病例讨论会', topic: '慢阻肺规范化诊疗', basis: 'net', fee: '4200.00' },
      ],
    },
  },
  {
    docType: 'deputy',
    type: 'D_MEETING',
    end: 'approved',
    reason: '城市学术会：场地及医生餐费',
    lines: [
      { item: 'MEETING_VENUE', amount: '6500.00', text: '会议场地' },
      { item: 'HCP_MEAL', amount: '2400.00', text: '会议工作餐（医生20人）' },
    ],
    customers: {
      attendees: [{ line: 2, hcps: ['P009', 'P010', 'P011'], hcos: ['H005'], reason: 'EXCHANGE' }],
    },
  },
  {
    docType: 'deputy',
    type: 'D_MEETING',
    end: 'approving',
    reason: '医院科室会讲课费',
    approveSteps: 1,
    lines: [{ item: 'LECTURE_FEE', amount: '2000.00', text: '讲者讲课费' }],
    customers: {
      lecturers: [{ hcp: 'P006', meeting: '内分泌科室会', topic: '糖尿病管理新指南', basis: 'gross', fee: '2000.00' }],
    },
  },
  // P001's second lecture this month: taxed on the month's total with the first (decision 050), so the withholding
  // list shows one lecturer with two fees in one month.
  {
    docType: 'deputy',
    type: 'D_MEETING',
    end: 'approving',
    reason: '肿瘤科病例讨论会讲课费',
    mine: true,
    lines: [{ item: 'LECTURE_FEE', amount: '2000.00', text: '讲者讲课费' }],
    customers: {
      lecturers: [
        { hcp: 'P001', meeting: '肿瘤科病例讨论会', topic: '免疫治疗不良反应管理', basis: 'gross', fee: '2000.00' },
      ],
    },
  },
  // Waiting at the role steps of the office and meeting-advance routes: the administrator's and finance's to approve.
  {
    docType: 'deputy',
    type: 'D_OFFICE',
    end: 'approving',
    reason: '笔记本电脑配件及通讯费',
    approveSteps: 1,
    lines: [
      { item: 'OFFICE', amount: '860.00', text: '扩展坞及显示器线' },
      { item: 'PHONE', amount: '268.00', text: '本月通讯费' },
    ],
  },
  {
    docType: 'deputy',
    type: 'D_OFFICE',
    end: 'approving',
    reason: '区域办公用品采购',
    approveSteps: 1,
    lines: [{ item: 'OFFICE', amount: '1320.00', text: '打印纸及文具' }],
  },
  {
    docType: 'loan',
    type: 'L_MEETING',
    end: 'approving',
    reason: '城市会会议借款',
    approveSteps: 1,
    lines: [{ item: 'MEETING_ADVANCE', amount: '8000.00', text: '会议场地定金' }],
  },
  {
    docType: 'loan',
    type: 'L_MEETING',
    end: 'approving',
    reason: '科室会备用金',
    approveSteps: 1,
    lines: [{ item: 'MEETING_ADVANCE', amount: '3000.00', text: '科室会备用金' }],
  },
  // Over the line manager's limit: it waits for the manager's own manager, who lets the manager approve for them.
  {
    docType: 'apply',
    type: 'A_TRIP',
    end: 'approving',
    reason: '华东区季度市场调研出差',
    mine: true,
    approveSteps: 1,
    lines: [
      { item: 'HOTEL', amount: '16800.00', text: '住宿预算' },
      { item: 'AIR_TICKET', amount: '9600.00', text: '机票预算' },
    ],
  },
];

/** The line manager of the demo `manager` grants them an approval proxy, so the act-for switch has someone to act for. */
export const APPROVAL_PROXY = { proxyUser: 'manager', remark: '休假期间代为审批' } as const;
