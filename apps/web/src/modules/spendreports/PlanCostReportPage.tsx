import { SpendReport } from './SpendReport';

/** `/manage/planCostReport`: the submitted apply lines by cost centre. */
export default function PlanCostReportPage() {
  return <SpendReport call="ApplyDetailByCostCenter" screen="planCostReport" docType="apply" by="costCentre" />;
}
