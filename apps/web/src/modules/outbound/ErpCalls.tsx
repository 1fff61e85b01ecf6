import type { ERP_CALL_OUTCOMES, ErpCallRow, OutboundJobRow } from '@ems/contracts';
import { Flex, Popover, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { displayDateTime } from '../../shared/format';

const K = 'posting';
const F = `${K}.field`;
const OUTCOME_COLOUR: Record<(typeof ERP_CALL_OUTCOMES)[number], string> = {
  ok: 'success',
  refused: 'error',
  unreachable: 'warning',
  pending: 'default',
};

function CallDetail({ call }: { call: ErpCallRow }) {
  const { t } = useTranslation();
  const pretty = (s: string | null) => {
    if (!s) return '';
    try {
      return JSON.stringify(JSON.parse(s), null, 2);
    } catch {
      return s;
    }
  };
  return (
    <Flex vertical gap={4} style={{ maxWidth: 640, maxHeight: 480, overflow: 'auto' }}>
      <Typography.Text type="secondary">
        {displayDateTime(call.StartedAt)} · {call.Gateway} · {call.DurationMs ?? '-'} ms
      </Typography.Text>
      <Typography.Text strong>{t(`${F}.request`)}</Typography.Text>
      <pre style={{ margin: 0, fontSize: 12 }}>{pretty(call.Request)}</pre>
      <Typography.Text strong>{t(`${F}.response`)}</Typography.Text>
      <pre style={{ margin: 0, fontSize: 12 }}>{pretty(call.Response) || call.Error}</pre>
    </Flex>
  );
}

/** An ERP call's attempts as tags; each opens its request and response. */
export function ErpCalls({ row }: { row: OutboundJobRow }) {
  const { t } = useTranslation();
  return (
    <Space wrap size={4}>
      {(row.ErpCalls ?? []).map((c) => (
        <Popover key={c.ID} content={<CallDetail call={c} />} title={c.DocNo ?? c.PostingRef}>
          <Tag color={OUTCOME_COLOUR[c.Outcome]} style={{ cursor: 'pointer' }}>
            {t(`${K}.outcome.${c.Outcome}`)}
            {c.ErpDocNo ? ` ${c.ErpDocNo}` : ''}
          </Tag>
        </Popover>
      ))}
    </Space>
  );
}
