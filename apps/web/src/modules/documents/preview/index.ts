export { PreviewModal, type PreviewModalProps, Sheet } from './PreviewModal';
