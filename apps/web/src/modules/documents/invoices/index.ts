export { InvoiceSection, type InvoiceSectionProps } from './InvoiceSection';
export { ReceiptSection } from './ReceiptSection';
