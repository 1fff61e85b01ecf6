import { MinusCircleOutlined, PlusCircleOutlined } from '@ant-design/icons';
import type { ExpenseDocType, ExpenseItemRow, ExpenseTypeNode } from '@ems/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { notice } from '../../../../app/notice';
import { ActionButton } from '../../../../shared/ActionButton';
import { setupApi } from '../api';
import { itemColumns } from '../columns';
import { PagedPicker } from './PagedPicker';

/** The items a type offers, and the active items it could offer, with add and remove. */
export function ItemRelations({
  docType,
  type,
  selected,
}: {
  docType: ExpenseDocType;
  type: ExpenseTypeNode;
  selected: boolean;
}) {
  const { t } = useTranslation();
  const api = setupApi(docType);
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['expenseSetup', docType] });
  if (type.Children.length > 0) {
    return <Alert type="info" showIcon title={t('expenseMaster.setup.parentHasNoItems')} />;
  }
  const act = async (rows: ExpenseItemRow[], done: () => void) => {
    if (rows.length === 0) {
      notice.warning(t('list.selectSome'));
      return;
    }
    const ids = rows.map((r) => r.ID);
    if (selected) await api.withdraw(type.ID, ids);
    else await api.offer(type.ID, ids);
    notice.success(
      t(selected ? 'expenseMaster.setup.withdrawn' : 'expenseMaster.setup.offered', { count: ids.length }),
    );
    done();
    await refresh();
  };
  return (
    <PagedPicker<ExpenseItemRow>
      key={`${type.ID}-${selected}`}
      testId={selected ? 'selected-items' : 'available-items'}
      queryKey={['expenseSetup', docType, selected ? 'selected' : 'available', type.ID]}
      load={(body) =>
        selected
          ? api.selected({ ...body, ExpenseTypeID: type.ID })
          : api.notSelected({ ...body, ExpenseTypeID: type.ID })
      }
      rowKey="ID"
      columns={itemColumns(t)}
      actions={(rows, done) =>
        selected ? (
          <ActionButton
            danger
            icon={<MinusCircleOutlined />}
            data-testid="withdraw-items"
            onAction={() => act(rows, done)}
          >
            {t('expenseMaster.setup.withdraw')}
          </ActionButton>
        ) : (
          <ActionButton
            type="primary"
            icon={<PlusCircleOutlined />}
            data-testid="offer-items"
            onAction={() => act(rows, done)}
          >
            {t('expenseMaster.setup.offer')}
          </ActionButton>
        )
      }
    />
  );
}
