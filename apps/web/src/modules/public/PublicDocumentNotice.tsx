import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSignedIn } from '../../app/session/useSession';

/** Query parameters an external system may use to name the document or attachment. */
const ID_PARAMS = ['id', 'ID', 'documentId', 'DocumentID', 'attachmentId', 'AttachmentID', 'fileId'];

/** The id a link names, under any of the parameter names external systems use. */
export function idFromParams(params: URLSearchParams): string | undefined {
  return ID_PARAMS.map((p) => params.get(p)).find((v): v is string => v !== null && v.trim() !== '');
}

/**
 * What the public view routes show until the document and attachment viewers exist: without an id, "not found";
 * with an id but no session, "sign in first"; with both, that the document could not be found here.
 */
export function PublicDocumentNotice({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const signedIn = useSignedIn();
  const id = idFromParams(params);
  const backToLogin = (
    <Link to="/">
      <Button type="primary">{t('login.backToLogin')}</Button>
    </Link>
  );
  if (!id) return <Result status="404" title={t(titleKey)} subTitle={t('public.noDocumentId')} extra={backToLogin} />;
  if (!signedIn)
    return <Result status="403" title={t(titleKey)} subTitle={t('public.signInFirst')} extra={backToLogin} />;
  return (
    <Result status="404" title={t(titleKey)} subTitle={t('public.documentNotFound', { id })} extra={backToLogin} />
  );
}
