export { ExportStatus, useExport } from './ExportStatus';
export { ListPage } from './ListPage';
export type {
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
