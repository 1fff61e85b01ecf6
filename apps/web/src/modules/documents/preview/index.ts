export { PreviewModal, type PreviewModalProps } from './PreviewModal';
