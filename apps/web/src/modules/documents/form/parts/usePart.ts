import type { DocumentDetail } from '@ems/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notice } from '../../../../app/notice';
import { shownByChangeOf } from '../documentQueries';

/** What every part section gets from the document screen. */
export interface PartProps {
  doc: DocumentDetail;
  /** The parts may be changed (the document is a draft or returned, and the user may edit it). */
  editable: boolean;
  /** The main form holds changes not yet saved: a part change would move the version under them. */
  unsaved?: () => boolean;
}

/** One part of a document, read when the section shows. */
export function usePartQuery<T>(name: string, documentId: number, load: (id: number) => Promise<T>) {
  return useQuery({ queryKey: ['documents', 'part', name, documentId], queryFn: () => load(documentId) });
}

/**
 * Runs a change of a part at the document's current version: refused while the main form has unsaved changes;
 * afterwards the part shows what the server answered and the document is read again (its version moved on).
 */
export function usePartChange<T extends { Version: number }>(name: string, p: PartProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return async (change: (ref: { DocumentID: number; Version: number }) => Promise<T>): Promise<T | undefined> => {
    if (p.unsaved?.()) {
      notice.warning(t('doc.part.saveFirst'));
      return undefined;
    }
    const result = await change({ DocumentID: p.doc.ID, Version: p.doc.Version });
    queryClient.setQueryData(['documents', 'part', name, p.doc.ID], result);
    await queryClient.invalidateQueries({ queryKey: ['documents', 'detail', p.doc.ID] });
    void queryClient.invalidateQueries({ predicate: (q) => shownByChangeOf(q.queryKey, p.doc.ID) });
    return result;
  };
}
