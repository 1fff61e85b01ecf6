import type { Db } from '../../core/db';
import { baseInfo, baseInfoType } from '../../modules/masterdata/reference.table';
import { CUSTOMER_REASONS } from './demo-customers.data';

/** A base-information list and its entries, as a company starts with it. */
export type BaseInfoList = {
  code: string;
  zh: string;
  en: string;
  system?: boolean;
  items: { code: string; zh: string; en: string; value?: string }[];
};

/**
 * The lists the product's own screens read (chargeback and S.T. reasons, payment methods, customer reasons): every
 * company starts with them, so finance can act from its first day; administrators edit the entries.
 */
export const SYSTEM_LISTS: BaseInfoList[] = [
  {
    code: 'CHARGEBACK_REASON',
    zh: '退单原因',
    en: 'Chargeback reasons',
    system: true,
    items: [
      { code: 'CB01', zh: '发票抬头或税号错误', en: 'Wrong invoice title or tax number' },
      { code: 'CB02', zh: '缺少原始单据', en: 'Original receipts missing' },
      { code: 'CB03', zh: '报销金额与发票不符', en: 'Claimed amount differs from the invoice' },
      { code: 'CB04', zh: '超出费用标准', en: 'Above the expense policy limit' },
      { code: 'CB05', zh: '发票重复报销', en: 'Invoice already claimed' },
      { code: 'CB06', zh: '会议证明材料不全', en: 'Meeting evidence incomplete' },
      { code: 'CB07', zh: '成本中心或内部订单错误', en: 'Wrong cost centre or internal order' },
    ],
  },
  {
    code: 'ST_REASON',
    zh: 'S.T. 原因',
    en: 'S.T. reasons',
    system: true,
    items: [
      { code: 'ST01', zh: '等待补充材料', en: 'Waiting for supplementary documents' },
      { code: 'ST02', zh: '发票待查验', en: 'Invoice being verified' },
      { code: 'ST03', zh: '待合规审核', en: 'Waiting for compliance review' },
      { code: 'ST04', zh: '待业务负责人确认', en: 'Waiting for the business owner to confirm' },
    ],
  },
  {
    code: 'PAYMENT_METHOD',
    zh: '付款方式',
    en: 'Payment methods',
    system: true,
    items: [
      { code: 'BANK', zh: '银行转账', en: 'Bank transfer' },
      { code: 'CARD', zh: '公务卡', en: 'Corporate card' },
      { code: 'OFFSET', zh: '冲抵借款', en: 'Offset against advance' },
      { code: 'CASH', zh: '现金', en: 'Cash' },
    ],
  },
  {
    code: 'CUSTOMER_REASON',
    zh: '客户邀请原因',
    en: 'Reasons for inviting a customer',
    system: true,
    items: [...CUSTOMER_REASONS],
  },
];

/** Writes a company's base-information lists with their entries. */
export async function insertBaseInfoLists(tx: Db, companyId: number, lists: readonly BaseInfoList[]): Promise<void> {
  for (const [i, b] of lists.entries()) {
    const [type] = await tx
      .insert(baseInfoType)
      .values({ companyId, code: b.code, nameZh: b.zh, nameEn: b.en, isSystem: b.system ?? false, sort: i + 1 })
      .returning();
    if (b.items.length)
      await tx.insert(baseInfo).values(
        b.items.map((item, k) => ({
          typeId: type!.id,
          code: item.code,
          nameZh: item.zh,
          nameEn: item.en,
          value: item.value ?? null,
          sort: k + 1,
        })),
      );
  }
}
