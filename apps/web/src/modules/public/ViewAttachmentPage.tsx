import { Button, Result, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Download } from '../../app/http/client';
import { errorText } from '../../app/notice';
import { useSignedIn } from '../../app/session/useSession';
import { attachmentApi } from '../documents/attachments/api';
import { viewKind } from '../documents/attachments/checks';
import { sharedApi } from './api';
import { idFromParams, PublicDocumentNotice } from './PublicDocumentNotice';

type Shown =
  | { state: 'loading' }
  | { state: 'image'; url: string; name: string }
  | { state: 'failed'; message: string };

/**
 * A picture or PDF attachment on a page of its own: for a signed-in user who may see its document, or for anyone
 * holding a signed link to it.
 */
function AttachmentView({ load }: { load: () => Promise<Download> }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Shown>({ state: 'loading' });

  useEffect(() => {
    let imageUrl: string | undefined;
    let live = true;
    load()
      .then(({ blob, fileName }) => {
        if (!live) return;
        if (viewKind(blob.type) === 'pdf') {
          // The browser's own PDF viewer takes the whole tab.
          window.location.replace(URL.createObjectURL(blob));
          return;
        }
        imageUrl = URL.createObjectURL(blob);
        document.title = t('attachment.viewTitle', { name: fileName });
        setShown({ state: 'image', url: imageUrl, name: fileName });
      })
      .catch((error: unknown) => {
        if (live) setShown({ state: 'failed', message: errorText(error) });
      });
    return () => {
      live = false;
      if (imageUrl) URL.revokeObjectURL(imageUrl);
    };
  }, [load, t]);

  if (shown.state === 'failed') {
    return (
      <Result
        status="404"
        title={t('public.attachmentView')}
        subTitle={shown.message}
        extra={
          <Link to="/">
            <Button type="primary">{t('login.backToLogin')}</Button>
          </Link>
        }
      />
    );
  }
  if (shown.state === 'loading') {
    return (
      <div style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <Spin size="large" tip={t('attachment.loading')}>
          <div style={{ width: 120, height: 80 }} />
        </Spin>
      </div>
    );
  }
  return (
    <main
      style={{ display: 'grid', placeItems: 'center', minHeight: '100vh', background: '#1f1f1f', padding: 8 }}
      data-testid="attachment-view"
    >
      <img src={shown.url} alt={shown.name} style={{ maxWidth: '100%', maxHeight: 'calc(100vh - 16px)' }} />
    </main>
  );
}

export default function ViewAttachmentPage() {
  const [params] = useSearchParams();
  const signedIn = useSignedIn();
  const token = params.get('token');
  const id = Number(idFromParams(params));
  const load = useMemo(() => (token ? () => sharedApi.file(token) : () => attachmentApi.view(id)), [token, id]);
  if (token) return <AttachmentView load={load} />;
  if (!signedIn || !Number.isInteger(id) || id <= 0) return <PublicDocumentNotice titleKey="public.attachmentView" />;
  return <AttachmentView load={load} />;
}
