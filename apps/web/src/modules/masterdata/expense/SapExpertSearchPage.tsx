import type { ProviderRow } from '@ems/contracts';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../shared/list-page';
import { providerApi } from './api';
import { PROVIDER_FILTERS, providerColumns } from './providerColumns';

/** Read-only search of the provider (vendor) master as SAP experts use it, with export. */
export default function SapExpertSearchPage() {
  const { t } = useTranslation();
  return (
    <ListPage<ProviderRow>
      titleKey="menu.master.sapExpertSearch"
      queryKey="sapExpertProviders"
      searchCall={(body) => providerApi.search(body)}
      exportCall={(filters) => providerApi.export(filters)}
      rowKey="ID"
      columns={providerColumns(t)}
      filters={PROVIDER_FILTERS}
    />
  );
}
