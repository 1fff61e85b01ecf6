import { DownloadOutlined, LinkOutlined, PrinterOutlined } from '@ant-design/icons';
import type { ShareLink } from '@ems/contracts';
import { Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../../shared/ActionButton';
import { saveDownload } from '../../../shared/download';
import { displayDateTime } from '../../../shared/format';
import { printApi } from './api';

/** Prints a PDF through a hidden frame, so the browser's print dialog opens on the document itself. */
function printBlob(blob: Blob) {
  const url = URL.createObjectURL(blob);
  const frame = document.createElement('iframe');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  frame.src = url;
  frame.onload = () => {
    frame.contentWindow?.focus();
    frame.contentWindow?.print();
    // The frame stays until the dialog is long closed; a new print replaces nothing.
    setTimeout(() => {
      frame.remove();
      URL.revokeObjectURL(url);
    }, 60_000);
  };
  document.body.appendChild(frame);
}

/** Print and download the document's PDF (barcode of its number, head, lines, route, history); copy a share link. */
export function PrintButtons({ documentId }: { documentId: number }) {
  const { t } = useTranslation();
  const [link, setLink] = useState<ShareLink | null>(null);
  return (
    <>
      <ActionButton
        icon={<PrinterOutlined />}
        onAction={async () => printBlob((await printApi.print(documentId)).blob)}
        data-testid="doc-print-pdf"
      >
        {t('print.action.print')}
      </ActionButton>
      <ActionButton
        icon={<DownloadOutlined />}
        onAction={async () => saveDownload(await printApi.download(documentId))}
        data-testid="doc-download-pdf"
      >
        {t('print.action.download')}
      </ActionButton>
      <ActionButton
        icon={<LinkOutlined />}
        onAction={async () => setLink(await printApi.shareDocument(documentId))}
        data-testid="doc-share-link"
      >
        {t('print.action.share')}
      </ActionButton>
      <Modal
        open={link !== null}
        title={t('print.share.title')}
        onCancel={() => setLink(null)}
        footer={null}
        destroyOnHidden
      >
        {link ? (
          <>
            <Typography.Paragraph>
              {t('print.share.help', { at: displayDateTime(link.ExpiresAt) })}
            </Typography.Paragraph>
            <Typography.Paragraph copyable code data-testid="share-link-url" style={{ wordBreak: 'break-all' }}>
              {`${window.location.origin}${link.Url}`}
            </Typography.Paragraph>
          </>
        ) : null}
      </Modal>
    </>
  );
}
