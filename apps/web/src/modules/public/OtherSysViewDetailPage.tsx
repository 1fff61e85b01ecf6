import { PublicDocumentNotice } from './PublicDocumentNotice';

export default function OtherSysViewDetailPage() {
  return <PublicDocumentNotice titleKey="public.documentView" />;
}
