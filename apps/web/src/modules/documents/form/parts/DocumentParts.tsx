import type { DocPart } from '@ems/contracts';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../../shared/Panel';
import { ApportionSection } from './ApportionSection';
import { AirTicketSection, PurchaseOrderSection } from './OrderSections';
import { PaySection } from './PaySection';
import { TripSection } from './TripSection';
import type { PartProps } from './usePart';

/**
 * The document's parts beyond its lines, each in its own panel: apportionment and trips on every document, whom it
 * pays on a loan or reimbursement, and purchase orders and shared air tickets on a reimbursement; only those in
 * `shown` (the form's choice: what holds rows, is called for or was added).
 */
export function DocumentParts({ shown, ...p }: PartProps & { shown: ReadonlySet<DocPart> }) {
  const { t } = useTranslation();
  const type = p.doc.DocType;
  return (
    <>
      {shown.has('apportion') ? (
        <Panel title={t('doc.section.apportion')} testId="doc-section-apportion">
          <ApportionSection {...p} />
        </Panel>
      ) : null}
      {shown.has('trips') ? (
        <Panel title={t('doc.section.trips')} testId="doc-section-trips">
          <TripSection {...p} />
        </Panel>
      ) : null}
      {type !== 'apply' && shown.has('pay') ? (
        <Panel title={t('doc.section.pay')} testId="doc-section-pay">
          <PaySection {...p} />
        </Panel>
      ) : null}
      {type === 'deputy' && shown.has('orders') ? (
        <Panel title={t('doc.section.purchaseOrders')} testId="doc-section-orders">
          <PurchaseOrderSection {...p} />
        </Panel>
      ) : null}
      {type === 'deputy' && shown.has('airTickets') ? (
        <Panel title={t('doc.section.airTickets')} testId="doc-section-air-tickets">
          <AirTicketSection {...p} />
        </Panel>
      ) : null}
    </>
  );
}
