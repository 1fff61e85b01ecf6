import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { DOCUMENT_TYPES, type DocumentType } from '@ems/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, List, Segmented, Select, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoot } from '../../../app/i18n/BootProvider';
import { notice } from '../../../app/notice';
import { ActionButton } from '../../../shared/ActionButton';
import { costCentreApi } from './api';
import type { PartProps } from './parts';

interface Approver {
  EmployeeID: number;
  label: string;
}

/** Which heads approve each kind of document charged to this cost centre, and in which order. */
export function FormOrderTab({ detail, onChanged }: PartProps) {
  const { t } = useTranslation();
  const { culture } = useBoot();
  const [docType, setDocType] = useState<DocumentType>('deputy');
  const saved = useMemo(
    () =>
      detail.FormOrders.filter((o) => o.DocType === docType).map(
        (o): Approver => ({ EmployeeID: o.EmployeeID, label: `${o.EmployeeName} (${o.EmployeeCode})` }),
      ),
    [detail.FormOrders, docType],
  );
  const [order, setOrder] = useState<Approver[]>(saved);
  const [adding, setAdding] = useState<number | undefined>();
  useEffect(() => setOrder(saved), [saved]);
  const candidates = useQuery({
    queryKey: ['finmd', 'formOrderCandidates', detail.CostCenterID, docType, detail.Version, culture],
    queryFn: () => costCentreApi.formOrderCandidates(detail.CostCenterID, docType),
  });
  const free = (candidates.data?.Rows ?? []).filter((h) => !order.some((o) => o.EmployeeID === h.EmployeeID));
  const dirty = order.map((o) => o.EmployeeID).join() !== saved.map((o) => o.EmployeeID).join();
  const part = { CostCenterID: detail.CostCenterID, Version: detail.Version };

  const move = (i: number, by: -1 | 1) => {
    const next = [...order];
    const [one] = next.splice(i, 1);
    next.splice(i + by, 0, one!);
    setOrder(next);
  };
  const save = async () => {
    if (order.length > 0) {
      onChanged(
        await costCentreApi.saveFormOrder({ ...part, DocType: docType, EmployeeIDs: order.map((o) => o.EmployeeID) }),
      );
    } else {
      const ids = detail.FormOrders.filter((o) => o.DocType === docType).map((o) => o.FormOrderID);
      onChanged(await costCentreApi.deleteFormOrder({ ...part, FormOrderIDs: ids }));
    }
    notice.success(t('common.saved'));
  };

  return (
    <Flex vertical gap={12}>
      <Segmented<DocumentType>
        value={docType}
        onChange={(v) => setDocType(v)}
        options={DOCUMENT_TYPES.map((d) => ({ value: d, label: t(`finmd.docType.${d}`) }))}
      />
      {detail.HeadList.length === 0 ? (
        <Alert type="info" showIcon title={t('finmd.costCentre.formOrderNeedsHeads')} />
      ) : null}
      <List
        bordered
        size="small"
        dataSource={order}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('finmd.costCentre.noFormOrder')} />,
        }}
        renderItem={(a, i) => (
          <List.Item
            actions={[
              <Button
                key="up"
                size="small"
                icon={<ArrowUpOutlined />}
                disabled={i === 0}
                aria-label={t('finmd.action.moveUp')}
                onClick={() => move(i, -1)}
              />,
              <Button
                key="down"
                size="small"
                icon={<ArrowDownOutlined />}
                disabled={i === order.length - 1}
                aria-label={t('finmd.action.moveDown')}
                onClick={() => move(i, 1)}
              />,
              <Button
                key="remove"
                size="small"
                danger
                icon={<CloseOutlined />}
                aria-label={t('common.delete')}
                onClick={() => setOrder(order.filter((o) => o.EmployeeID !== a.EmployeeID))}
              />,
            ]}
          >
            <Typography.Text>
              {t('finmd.costCentre.step', { n: i + 1 })} · {a.label}
            </Typography.Text>
          </List.Item>
        )}
      />
      <Space wrap>
        <Select<number>
          value={adding}
          onChange={setAdding}
          style={{ minWidth: 260 }}
          placeholder={t('finmd.costCentre.pickApprover')}
          options={free.map((h) => ({ value: h.EmployeeID, label: `${h.EmployeeName} (${h.EmployeeCode})` }))}
          notFoundContent={t('finmd.costCentre.noMoreHeads')}
        />
        <Button
          icon={<PlusOutlined />}
          disabled={adding === undefined}
          onClick={() => {
            const h = free.find((x) => x.EmployeeID === adding);
            if (h) setOrder([...order, { EmployeeID: h.EmployeeID, label: `${h.EmployeeName} (${h.EmployeeCode})` }]);
            setAdding(undefined);
          }}
        >
          {t('finmd.costCentre.addApprover')}
        </Button>
        <ActionButton type="primary" icon={<SaveOutlined />} disabled={!dirty} onAction={save}>
          {t('finmd.costCentre.saveOrder')}
        </ActionButton>
      </Space>
    </Flex>
  );
}
