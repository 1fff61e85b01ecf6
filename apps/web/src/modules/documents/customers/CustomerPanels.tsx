import type { AttendeeLine, DocPart, DocType } from '@ems/contracts';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../shared/Panel';
import { AttendeeSection } from './AttendeeSection';
import { ClinicalHcoSection } from './ClinicalHcoSection';
import type { CustomerChange } from './change';
import { LecturerSection } from './LecturerSection';

/** The parts the HCP sections show. */
export const CUSTOMER_PARTS: ReadonlySet<DocPart> = new Set(['attendees', 'clinical', 'lecturers']);

/**
 * The document's HCP sections (applies and reimbursements): attendees of its HCP lines, clinical-trial HCOs and
 * lecturer agreements, those in `shown`. Without `change` they are read-only. A new document has no id yet: its
 * attendee lines are the form's (`draftLines`), and the first change saves it (`change` saves first).
 */
export function CustomerPanels(props: {
  documentId: number | undefined;
  docType: DocType;
  shown: ReadonlySet<DocPart>;
  change?: CustomerChange;
  draftLines?: AttendeeLine[];
}) {
  const { t } = useTranslation();
  if (props.docType === 'loan') return null;
  return (
    <>
      {props.shown.has('attendees') ? (
        <Panel title={t('customer.attendees')} testId="doc-section-attendees">
          <AttendeeSection documentId={props.documentId} change={props.change} draftLines={props.draftLines} />
        </Panel>
      ) : null}
      {props.shown.has('clinical') ? (
        <Panel title={t('customer.clinical')} testId="doc-section-clinical">
          <ClinicalHcoSection documentId={props.documentId} change={props.change} />
        </Panel>
      ) : null}
      {props.shown.has('lecturers') ? (
        <Panel title={t('lecturer.title')} testId="doc-section-lecturers">
          <LecturerSection documentId={props.documentId} change={props.change} />
        </Panel>
      ) : null}
    </>
  );
}
