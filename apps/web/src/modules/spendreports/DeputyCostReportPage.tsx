import { SpendReport } from './SpendReport';

/** `/manage/deputyCostReport`: the submitted deputy lines by cost centre. */
export default function DeputyCostReportPage() {
  return <SpendReport call="DeputyDetailByCostCenter" screen="deputyCostReport" docType="deputy" by="costCentre" />;
}
