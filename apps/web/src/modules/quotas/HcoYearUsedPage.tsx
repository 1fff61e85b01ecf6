import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { YearUsedReport } from './YearUsedReport';

const KEEP = ['tab'];

/** HCO yearly used amount: the hospitals' spend against their caps, and overseas spend per item in the second tab. */
export default function HcoYearUsedPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'overseas' ? 'overseas' : 'hco';
  const tabs = (
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams(key === 'hco' ? {} : { tab: key })}
      items={[
        { key: 'hco', label: t('usage.report.HCO') },
        { key: 'overseas', label: t('usage.report.Overseas') },
      ]}
    />
  );
  return (
    <YearUsedReport
      report={tab === 'overseas' ? 'Overseas' : 'HCO'}
      titleKey="menu.report.searchHCOYearUsedAmount"
      tabs={tabs}
      keepParams={KEEP}
    />
  );
}
