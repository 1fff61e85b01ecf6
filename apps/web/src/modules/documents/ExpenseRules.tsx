import type { DocType } from '@ems/contracts';
import { Alert, Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDefaultInfoQuery } from '../../app/layout/queries';

export type ExpenseRule = 'no_cost_centre' | 'no_bank_account';

/**
 * The specification's two user rules, read from the user's own profile (the server applies them on save and submit
 * too): without a default cost centre the expense pages are closed; without a bank account loans and reimbursements
 * cannot be filled in. Approving needs neither.
 */
export function useExpenseRules(): { loading: boolean; broken: (docType?: DocType) => ExpenseRule | null } {
  const info = useDefaultInfoQuery();
  const d = info.data;
  return {
    loading: info.isLoading,
    broken: (docType) => {
      if (!d) return null;
      if (!d.DefaultCostCenterID) return 'no_cost_centre';
      if (docType !== undefined && docType !== 'apply' && !d.BankAccount) return 'no_bank_account';
      return null;
    },
  };
}

function ProfileLink() {
  const { t } = useTranslation();
  return (
    <Link to="?profile=open" data-testid="expense-rule-profile">
      <Button type="primary">{t('profile.open')}</Button>
    </Link>
  );
}

/** The page in place of an expense screen the user may not use, with the way to their profile. */
export function ExpenseRuleResult({ rule }: { rule: ExpenseRule }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t(`error.org.${rule}`)}
      extra={<ProfileLink />}
      data-testid={`expense-rule-${rule}`}
    />
  );
}

/** A banner over a list that stays usable (applies, approving) while loans and reimbursements are closed. */
export function ExpenseRuleBanner({ rule }: { rule: ExpenseRule }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      title={t(`error.org.${rule}`)}
      action={<ProfileLink />}
      data-testid={`expense-rule-${rule}`}
    />
  );
}

/** Waits for the profile, then shows the page or what closes it. */
export function ExpenseRuleGate({ docType, children }: { docType?: DocType; children: React.ReactNode }) {
  const rules = useExpenseRules();
  if (rules.loading) return <Spin style={{ margin: 48 }} />;
  const rule = rules.broken(docType);
  return rule ? <ExpenseRuleResult rule={rule} /> : children;
}
