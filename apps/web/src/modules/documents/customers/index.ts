export { AttendeeSection } from './AttendeeSection';
export { ClinicalHcoSection } from './ClinicalHcoSection';
export { CUSTOMER_PARTS, CustomerPanels } from './CustomerPanels';
export { CHANGE_ABANDONED, type CustomerChange } from './change';
export { LecturerSection } from './LecturerSection';
