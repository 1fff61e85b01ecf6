export { InvoiceSection, type InvoiceSectionProps } from './InvoiceSection';
