export { ExportStatus, useExport } from './ExportStatus';
export { ListPage } from './ListPage';
export type {
  ActionContext,
  ActionDef,
  ColumnDef,
  CustomControlProps,
  EditorDef,
  ExportProgress,
  FieldDef,
  FieldOption,
  FilterDef,
  ListBody,
  ListPageProps,
} from './types';
