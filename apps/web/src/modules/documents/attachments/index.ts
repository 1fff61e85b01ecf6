export { AttachmentSection, type AttachmentSectionProps } from './AttachmentSection';
export { attachmentApi, previewApi } from './api';
