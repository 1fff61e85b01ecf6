import { PublicDocumentNotice } from './PublicDocumentNotice';

export default function ViewAttachmentPage() {
  return <PublicDocumentNotice titleKey="public.attachmentView" />;
}
