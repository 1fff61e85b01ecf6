export { ListPage } from './ListPage';
export type {
  ActionDef,
  ColumnDef,
  CustomControlProps,
  EditorDef,
  FieldDef,
  FilterDef,
  ListBody,
  ListPageProps,
} from './types';
