export type { DecisionRequest } from './api';
export { DecisionDialog, type DecisionDialogProps, type DecisionDocument } from './DecisionDialog';
