import { CheckCircleOutlined, CheckOutlined } from '@ant-design/icons';
import type { DocumentDetail } from '@ems/contracts';
import { useTranslation } from 'react-i18next';
import { notice } from '../../../app/notice';
import { ActionButton } from '../../../shared/ActionButton';
import { loansApi } from './api';

/**
 * The document screen's finance actions, offered when the server allows them: mark a posted loan or deputy paid
 * (PayedForLoan / PayedForDeputy), and close a posted deputy with nothing to pay (OnlyAirTicketCompleted).
 */
export function FinanceButtons(props: {
  doc: DocumentDetail;
  can: (action: string) => boolean;
  after: (d: DocumentDetail) => void;
}) {
  const { doc, can, after } = props;
  const { t } = useTranslation();
  const paidType = doc.DocType === 'loan' || doc.DocType === 'deputy' ? doc.DocType : null;
  return (
    <>
      {paidType && can('mark_paid') ? (
        <ActionButton
          icon={<CheckOutlined />}
          onAction={async () => {
            after(await loansApi.payedFor(paidType, doc.ID, doc.Version));
            notice.success(t('loans.doc.paid'));
          }}
          data-testid="doc-mark-paid"
        >
          {t('loans.doc.markPaid')}
        </ActionButton>
      ) : null}
      {can('complete_unpaid') ? (
        <ActionButton
          icon={<CheckCircleOutlined />}
          onAction={async () => {
            if (!(await notice.ask(t('loans.complete.confirm')))) return;
            after(await loansApi.completeUnpaid(doc.ID, doc.Version));
            notice.success(t('loans.doc.completed'));
          }}
          data-testid="doc-complete-unpaid"
        >
          {t('loans.doc.completeUnpaid')}
        </ActionButton>
      ) : null}
    </>
  );
}
