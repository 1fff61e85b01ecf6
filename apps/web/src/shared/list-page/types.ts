import type { ImportResult, Page } from '@ems/contracts';
import type { ComponentType, ReactNode } from 'react';
import type { Download } from '../../app/http/client';

/** What a list hands its export call: the cancel signal and where to report the bytes received. */
export interface ExportProgress {
  signal: AbortSignal;
  onProgress: (received: number, total: number | null) => void;
}

export type FieldType = 'text' | 'textarea' | 'select' | 'number' | 'date' | 'daterange' | 'custom';

/** Props a custom control gets from the form (value and onChange pass through Form.Item). */
export interface CustomControlProps {
  id?: string;
  value?: never;
  onChange?: never;
  disabled?: boolean | undefined;
  'data-testid'?: string;
}

export interface FieldOption {
  value: string | number;
  /** Language key of the option's label; `label` is used as given (codes, names from master data). */
  labelKey?: string;
  label?: string;
}

/** A form field of the search form or the editor drawer. */
export interface FieldDef {
  name: string;
  labelKey: string;
  type: FieldType;
  options?: FieldOption[];
  required?: boolean;
  maxLength?: number;
  /** Shown but not editable when editing an existing row (keys). */
  readOnlyOnEdit?: boolean;
  /** The control of a `custom` field, such as a people or team picker. */
  control?: ComponentType<CustomControlProps>;
}

export type FilterDef = FieldDef & { type: 'text' | 'select' | 'date' | 'daterange' | 'custom' };

export interface ColumnDef<Row> {
  dataIndex: keyof Row & string;
  labelKey: string;
  sortable?: boolean;
  render?: (value: Row[keyof Row], row: Row) => ReactNode;
  /** Defaults to the header text width + 72 px. */
  width?: number;
  ellipsis?: boolean;
}

export interface ActionContext<Row> {
  rows: Row[];
  reload: () => Promise<unknown>;
  clearSelection: () => void;
}

export interface ActionDef<Row> {
  key: string;
  labelKey: string;
  icon?: ReactNode;
  /** Exactly one selected row, else "Please select and only one". */
  needsOne?: boolean;
  /** At least one selected row. */
  needsSome?: boolean;
  /** Language key of a question asked before running. */
  confirmKey?: string;
  danger?: boolean;
  primary?: boolean;
  run: (ctx: ActionContext<Row>) => unknown;
}

export type FormValues = Record<string, unknown>;

export interface EditorDef<Row> {
  fields: FieldDef[];
  /** Values of an existing row for the form; defaults to the row's own fields. */
  load?: (row: Row) => Promise<FormValues>;
  /** Values of a new row. */
  initialValues?: FormValues;
  /** Creates (no row) or updates (row) and resolves when saved; field errors of the server land on the form. */
  save: (values: FormValues, row: Row | undefined) => Promise<unknown>;
  createTitleKey?: string;
  editTitleKey?: string;
  /** False for lists whose rows are created elsewhere and only edited here (no New button). */
  allowCreate?: boolean;
}

export type SortOrder = 'ascend' | 'descend';

/** Body of a list call: paging, sort and the filters. */
export type ListBody = Record<string, unknown> & {
  PageIndex: number;
  PageSize: number;
  SortField?: string;
  SortOrder?: SortOrder;
};

export interface ListPageProps<Row> {
  titleKey: string;
  /** Shown between the title and the search form (summaries, tabs). */
  header?: ReactNode;
  /** URL parameters of the surrounding screen (a tab) that the list's own state changes keep. */
  keepParams?: readonly string[];
  /** react-query key prefix of this list. */
  queryKey: string;
  searchCall: (body: ListBody) => Promise<Page<Row>>;
  /**
   * Exports the whole list with the same filters and sort (no paging). Pass `progress` on to the download
   * (`http.download(path, body, progress)`) and the list shows the bytes as they arrive and can cancel it.
   */
  exportCall?: (body: Record<string, unknown>, progress: ExportProgress) => Promise<Download>;
  /** Imports an Excel file in the export's layout; the list reloads after a good file. */
  importCall?: (file: File) => Promise<ImportResult>;
  /** The files the import offers (`accept` of the chooser); an Excel file unless given. */
  importAccept?: string;
  rowKey: keyof Row & string;
  columns: ColumnDef<Row>[];
  filters?: FilterDef[];
  actions?: ActionDef<Row>[];
  editor?: EditorDef<Row>;
  delete?: (rows: Row[]) => Promise<unknown>;
  defaultPageSize?: number;
  /**
   * Filter values a list opens with when its URL names no filter (a year: the current one); they are written to the
   * URL at once, so they show in the search form, survive a reload and can be cleared like any other filter.
   */
  defaultFilters?: Record<string, string>;
}
