import { SpendReport } from './SpendReport';

/** `/manage/planProductReport`: the submitted apply lines by product. */
export default function PlanProductReportPage() {
  return <SpendReport call="ApplyDetailByProduct" screen="planProductReport" docType="apply" by="product" />;
}
