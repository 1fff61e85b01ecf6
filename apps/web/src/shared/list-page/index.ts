export { ListPage } from './ListPage';
export type { ActionDef, ColumnDef, EditorDef, FieldDef, FilterDef, ListBody, ListPageProps } from './types';
