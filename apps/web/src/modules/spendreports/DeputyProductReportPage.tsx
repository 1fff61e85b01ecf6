import { SpendReport } from './SpendReport';

/** `/manage/deputyProductReport`: the submitted deputy lines by product. */
export default function DeputyProductReportPage() {
  return <SpendReport call="DeputyDetailByProduct" screen="deputyProductReport" docType="deputy" by="product" />;
}
