import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { YearUsedReport } from './YearUsedReport';

const KEEP = ['tab'];

/** HCP yearly used amount: the HCPs' spend against their caps, and lecture fees after tax in the second tab. */
export default function HcpYearUsedPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'lecture' ? 'lecture' : 'hcp';
  const tabs = (
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams(key === 'hcp' ? {} : { tab: key })}
      items={[
        { key: 'hcp', label: t('usage.report.HCP') },
        { key: 'lecture', label: t('usage.report.LectureFee') },
      ]}
    />
  );
  return (
    <YearUsedReport
      report={tab === 'lecture' ? 'LectureFee' : 'HCP'}
      titleKey="menu.report.searchHCPYearUsedAmount"
      tabs={tabs}
      keepParams={KEEP}
    />
  );
}
