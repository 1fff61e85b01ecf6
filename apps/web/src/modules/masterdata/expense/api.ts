import type {
  AuthorityListBody,
  EmployeeOption,
  ExpenseDocType,
  ExpenseItemRow,
  ExpenseTypeNode,
  ExpenseTypeRecord,
  ExpenseTypeTeamRow,
  ImportResult,
  InsertExpenseTypeBody,
  InsertSubExpenseItemBody,
  ItemConfigLookupBody,
  ItemConfigRow,
  MasterNameRow,
  MasterOption,
  Page,
  POWhiteListRow,
  ProductBuRow,
  ProductRow,
  ProviderRow,
  SaveExpenseItemBody,
  SaveItemConfigBody,
  SaveMasterNameBody,
  SavePOWhiteListBody,
  SaveProductBody,
  SaveProductBuBody,
  SaveProviderBody,
  SaveSubExpenseItemBody,
  SubExpenseItemRow,
  TypeItemListBody,
  UpdateExpenseTypeBody,
} from '@ems/contracts';
import { http } from '../../../app/api';
import type { Success } from '../../../app/apiTypes';

type Body = Record<string, unknown>;
type Input<T> = Partial<T> & Body;

/** The call area of each document type's expense-type setup. */
export const SETUP_AREA: Record<ExpenseDocType, string> = {
  apply: 'ApplyExpenseItem',
  loan: 'LoanExpenseItem',
  deputy: 'DeputyExpenseItem',
};

/** Setups of expense types per document type: the tree, the items offered, who may use restricted apply types. */
export const setupApi = (docType: ExpenseDocType) => {
  const base = `/api/${SETUP_AREA[docType]}`;
  return {
    types: () => http.post<{ Rows: ExpenseTypeNode[] }>(`${base}/SearchTypeList`, { IncludeInactive: true }),
    selected: (body: Input<TypeItemListBody>) =>
      http.post<Page<ExpenseItemRow>>(`${base}/SearchSelectedItemList`, body),
    notSelected: (body: Input<TypeItemListBody>) =>
      http.post<Page<ExpenseItemRow>>(`${base}/SearchNotSelectedItemList`, body),
    insert: (body: Input<InsertExpenseTypeBody>) => http.post<ExpenseTypeRecord>(`${base}/Insert`, body),
    update: (body: Input<UpdateExpenseTypeBody>) => http.post<ExpenseTypeRecord>(`${base}/Update`, body),
    offer: (typeId: number, itemIds: number[]) =>
      http.post<Success>(`${base}/InsertRelation`, { ExpenseTypeID: typeId, ExpenseItemIDs: itemIds }),
    withdraw: (typeId: number, itemIds: number[]) =>
      http.post<Success>(`${base}/DeleteRelation`, { ExpenseTypeID: typeId, ExpenseItemIDs: itemIds }),
  };
};

export const authorityApi = {
  selected: (body: Input<AuthorityListBody>) =>
    http.post<Page<EmployeeOption>>('/api/ApplyAuthorityAssign/SearchSelectedList', body),
  notSelected: (body: Input<AuthorityListBody>) =>
    http.post<Page<EmployeeOption>>('/api/ApplyAuthorityAssign/SearchNotSelectedList', body),
  assign: (typeId: number, ids: number[]) =>
    http.post<Success>('/api/ApplyAuthorityAssign/Insert', { ExpenseTypeID: typeId, EmployeeIDs: ids }),
  remove: (typeId: number, ids: number[]) =>
    http.post<Success>('/api/ApplyAuthorityAssign/Delete', { ExpenseTypeID: typeId, EmployeeIDs: ids }),
};

export const itemApi = {
  search: (body: Body) => http.post<Page<ExpenseItemRow>>('/api/system/SearchExpenseItemAll', body),
  save: (body: Input<SaveExpenseItemBody>) => http.post<ExpenseItemRow>('/api/system/SaveExpenseItem', body),
  remove: (ids: number[]) => http.post<Success>('/api/system/DeleteExpenseItem', { IDs: ids }),
  typeTree: (docType?: ExpenseDocType) =>
    http.post<{ Rows: ExpenseTypeNode[] }>('/api/system/SearchExpenseTypeAll', {
      DocType: docType,
      IncludeInactive: true,
    }),
  subItems: (body: Body) => http.post<Page<SubExpenseItemRow>>('/api/system/SearchSubExpenseItemList', body),
  insertSub: (body: Input<InsertSubExpenseItemBody>) =>
    http.post<SubExpenseItemRow>('/api/system/InsertSubExpenseItem', body),
  saveSub: (body: Input<SaveSubExpenseItemBody>) =>
    http.post<SubExpenseItemRow>('/api/system/SaveSubExpenseItem', body),
  removeSubs: (ids: number[]) => http.post<Success>('/api/system/DeleteSubExpenseItem', { IDs: ids }),
};

export const typeTeamApi = {
  search: (body: Body) => http.post<Page<ExpenseTypeTeamRow>>('/api/system/SearchExpenseTypeTeamRelation', body),
  save: (typeId: number, teamIds: number[]) =>
    http.post<Success>('/api/system/SaveExpenseTypeTeamRelation', { ExpenseTypeID: typeId, TeamIDs: teamIds }),
  remove: (rows: ExpenseTypeTeamRow[]) =>
    http.post<Success>('/api/system/DeleteExpenseTypeTeamRelation', {
      Items: rows.map((r) => ({ ExpenseTypeID: r.ExpenseTypeID, TeamID: r.TeamID })),
    }),
};

const options =
  (action: string) =>
  (body: Input<ItemConfigLookupBody> = {}) =>
    http.post<{ Rows: MasterOption[] }>(`/api/MainExpenseItemConfig/${action}`, body);

export const itemConfigApi = {
  search: (body: Body) => http.post<Page<ItemConfigRow>>('/api/MainExpenseItemConfig/SearchList', body),
  save: (body: Input<SaveItemConfigBody>) => http.post<ItemConfigRow>('/api/MainExpenseItemConfig/Save', body),
  remove: (ids: number[]) => http.post<Success>('/api/MainExpenseItemConfig/Delete', { IDs: ids }),
  ledgers: options('SearchMainExpenseItem'),
  items: options('SearchDeputyExpenseItem'),
  products: options('SearchProduct'),
  costCentreTypes: options('SearchCostCenter'),
};

export const productApi = {
  search: (body: Body) => http.post<Page<ProductRow>>('/api/system/SearchProductConfig', body),
  save: (body: Input<SaveProductBody>) => http.post<ProductRow>('/api/system/SaveProductConfig', body),
  remove: (ids: number[]) => http.post<Success>('/api/system/DeleteProductConfig', { IDs: ids }),
  export: (filters: Body) => http.download('/api/system/ExportProductConfig', filters, { overlay: true }),
  import: (file: File) => http.upload<ImportResult>('/api/system/ImportProductConfig', file, {}, { overlay: true }),
  searchBus: (body: Body) => http.post<Page<ProductBuRow>>('/api/system/SearchProductConfigBU', body),
  saveBu: (body: Input<SaveProductBuBody>) => http.post<ProductBuRow>('/api/system/SaveProductConfigBU', body),
  removeBus: (ids: number[]) => http.post<Success>('/api/system/DeleteProductConfigBU', { IDs: ids }),
  exportBus: (filters: Body) => http.download('/api/system/ExportProductConfigBU', filters, { overlay: true }),
  importBus: (file: File) =>
    http.upload<ImportResult>('/api/system/ImportProductConfigBU', file, {}, { overlay: true }),
};

export const providerApi = {
  search: (body: Body) => http.post<Page<ProviderRow>>('/api/masterdatamanage/SearchProviderInformationList', body),
  export: (filters: Body) =>
    http.download('/api/masterdatamanage/ExportProviderInformationList', filters, { overlay: true }),
  save: (body: Input<SaveProviderBody>) =>
    http.post<ProviderRow>('/api/masterdatamanage/SaveProviderInformation', body),
  remove: (ids: number[]) => http.post<Success>('/api/masterdatamanage/DeleteProviderInformation', { IDs: ids }),
  choose: (keyword: string) =>
    http.post<Page<ProviderRow>>('/api/system/getProviderList', { Keyword: keyword || undefined, PageSize: 50 }),
  whiteList: (body: Body) => http.post<Page<POWhiteListRow>>('/api/system/SearchPOWhiteList', body),
  saveWhiteList: (body: Input<SavePOWhiteListBody>) => http.post<POWhiteListRow>('/api/system/SavePOWhiteList', body),
  removeWhiteList: (ids: number[]) => http.post<Success>('/api/system/DeletePOWhiteList', { IDs: ids }),
};

export const masterNameApi = {
  search: (body: Body) => http.post<Page<MasterNameRow>>('/api/masterdatamanage/SearchMasterDataName', body),
  save: (body: Input<SaveMasterNameBody>) => http.post<MasterNameRow>('/api/masterdatamanage/SaveMasterDataName', body),
};

/** GetCommonSql: one of the server's named lookups. */
export const lookupApi = (name: string, params?: Body) =>
  http.post<{ Rows: MasterOption[] }>('/api/system/GetCommonSql', {
    Name: name,
    ...(params ? { Params: params } : {}),
  });
