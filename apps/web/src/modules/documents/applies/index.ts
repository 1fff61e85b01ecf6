export { BlockPanel, EvidenceFiles } from './BlockPanel';
export { ApplyReceiptsSection, ClaimReceiptsSection } from './ReceiptsSection';
export { ReceiptsSheet } from './ReceiptsSheet';
