import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { notice } from '../../../app/notice';
import { ActionButton } from '../../../shared/ActionButton';
import { tmcApi } from './api';

/**
 * "Book on TMC": asks the server for the signed hand-over (GetTMCToken) and opens the TMC's booking site with it in
 * a new tab. The tab is opened before the call, while the click still counts as the user's, so no pop-up blocker
 * stops it; it is closed again when the hand-over is refused.
 */
export function BookOnTmcButton({ applyId, meeting }: { applyId?: number | null | undefined; meeting?: boolean }) {
  const { t } = useTranslation();
  const book = async () => {
    const tab = window.open('', '_blank');
    try {
      const h = await tmcApi.token({ ...(applyId ? { ApplyID: applyId } : {}), ...(meeting ? { Meeting: true } : {}) });
      const url = new URL(h.Url, window.location.origin).toString();
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
        notice.success(t('tmc.opened', { company: h.TMCCompany }));
      } else {
        notice.warning(t('tmc.popupBlocked'));
        window.location.assign(url);
      }
    } catch (err) {
      tab?.close();
      throw err;
    }
  };
  return (
    <ActionButton icon={<GlobalOutlined />} onAction={book} data-testid={meeting ? 'tmc-book-meeting' : 'tmc-book'}>
      {t(meeting ? 'tmc.bookMeeting' : 'tmc.book')}
    </ActionButton>
  );
}
