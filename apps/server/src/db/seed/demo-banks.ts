import { eq } from 'drizzle-orm';
import type { Db } from '../../core/db';
import { bankBranch, payerAccount } from '../../modules/masterdata/banks/banks.table';
import { provider } from '../../modules/masterdata/reference.table';
import { employee } from '../../modules/org/org.table';
import { company } from '../../modules/system/system.table';

/**
 * Demo rows of the bank-branch directory (docs/decisions/047): the branches of the banks the demo's people and
 * vendors bank with, in the CNAPS format (bank class code, city, branch, check digit). A real system imports the
 * payments association's list instead; these are a demonstration, not a directory to pay by.
 */
export const DEMO_BRANCHES = [
  {
    cnaps: '102100099996',
    bankCode: '102',
    bankName: '中国工商银行',
    branchName: '中国工商银行股份有限公司北京市分行营业部',
    province: '北京',
    city: '北京',
  },
  {
    cnaps: '102290000011',
    bankCode: '102',
    bankName: '中国工商银行',
    branchName: '中国工商银行股份有限公司上海市分行营业部',
    province: '上海',
    city: '上海',
  },
  {
    cnaps: '103100000026',
    bankCode: '103',
    bankName: '中国农业银行',
    branchName: '中国农业银行股份有限公司北京市分行',
    province: '北京',
    city: '北京',
  },
  {
    cnaps: '104100000004',
    bankCode: '104',
    bankName: '中国银行',
    branchName: '中国银行股份有限公司北京市分行',
    province: '北京',
    city: '北京',
  },
  {
    cnaps: '104581003017',
    bankCode: '104',
    bankName: '中国银行',
    branchName: '中国银行股份有限公司广州分行',
    province: '广东',
    city: '广州',
  },
  {
    cnaps: '105290036005',
    bankCode: '105',
    bankName: '中国建设银行',
    branchName: '中国建设银行股份有限公司上海市分行',
    province: '上海',
    city: '上海',
  },
  {
    cnaps: '301290000007',
    bankCode: '301',
    bankName: '交通银行',
    branchName: '交通银行股份有限公司上海市分行',
    province: '上海',
    city: '上海',
  },
  {
    cnaps: '305100000013',
    bankCode: '305',
    bankName: '中国民生银行',
    branchName: '中国民生银行股份有限公司北京分行',
    province: '北京',
    city: '北京',
  },
  {
    cnaps: '308100005019',
    bankCode: '308',
    bankName: '招商银行',
    branchName: '招商银行股份有限公司北京分行',
    province: '北京',
    city: '北京',
  },
  {
    cnaps: '308290003020',
    bankCode: '308',
    bankName: '招商银行',
    branchName: '招商银行股份有限公司上海分行',
    province: '上海',
    city: '上海',
  },
  {
    cnaps: '308581002014',
    bankCode: '308',
    bankName: '招商银行',
    branchName: '招商银行股份有限公司广州分行',
    province: '广东',
    city: '广州',
  },
  {
    cnaps: '310290000013',
    bankCode: '310',
    bankName: '上海浦东发展银行',
    branchName: '上海浦东发展银行股份有限公司上海分行',
    province: '上海',
    city: '上海',
  },
  {
    cnaps: '313331000014',
    bankCode: '313',
    bankName: '杭州银行',
    branchName: '杭州银行股份有限公司',
    province: '浙江',
    city: '杭州',
  },
  {
    cnaps: '322290000011',
    bankCode: '322',
    bankName: '上海农商银行',
    branchName: '上海农村商业银行股份有限公司',
    province: '上海',
    city: '上海',
  },
  // A branch closed since: the directory keeps it, an account can no longer pick it.
  {
    cnaps: '308290003999',
    bankCode: '308',
    bankName: '招商银行',
    branchName: '招商银行股份有限公司上海已撤并支行',
    province: '上海',
    city: '上海',
    status: 'inactive' as const,
  },
];

/** The directory in every demo company, each person's and vendor's account on a branch of their bank, a paying account. */
export async function seedDemoBanks(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const companies = await tx.select().from(company);
    for (const c of companies) {
      await tx
        .insert(bankBranch)
        .values(DEMO_BRANCHES.map((b) => ({ ...b, companyId: c.id })))
        .onConflictDoNothing();
      const active = DEMO_BRANCHES.filter((b) => b.status !== 'inactive');
      const cmb = active.filter((b) => b.bankCode === '308');
      for (const e of await tx.select().from(employee).where(eq(employee.companyId, c.id))) {
        if (!e.bankAccount || e.bankName !== '招商银行') continue;
        const b = cmb[e.id % cmb.length]!;
        await tx.update(employee).set({ bankCnaps: b.cnaps, bankBranch: b.branchName }).where(eq(employee.id, e.id));
      }
      for (const p of await tx.select().from(provider).where(eq(provider.companyId, c.id))) {
        const b = p.bankName ? active.find((x) => p.bankName!.startsWith(x.bankName)) : undefined;
        if (b)
          await tx.update(provider).set({ bankCnaps: b.cnaps, bankBranch: b.branchName }).where(eq(provider.id, p.id));
      }
      const payer = active.find((b) => b.cnaps === '308290003020')!;
      await tx
        .insert(payerAccount)
        .values({
          companyId: c.id,
          code: 'CMB-SH-01',
          accountName: c.nameZh,
          accountNo: `1219${String(c.id).padStart(4, '0')}10001`,
          bankName: payer.bankName,
          cnaps: payer.cnaps,
          branchName: payer.branchName,
          currency: 'CNY',
          layout: 'generic_csv',
          isDefault: true,
        })
        .onConflictDoNothing();
    }
  });
}
