export { ListPage } from './ListPage';
export type {
  ActionDef,
  ColumnDef,
  CustomControlProps,
  EditorDef,
  FieldDef,
  FieldOption,
  FilterDef,
  ListBody,
  ListPageProps,
} from './types';
