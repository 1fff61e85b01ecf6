import { ExclamationCircleOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';

/**
 * A centred status line with an action (load failure, page not found). antd's Result would do, but its
 * illustrations are too heavy for the code every page loads first.
 */
export function StatusMessage({
  kind,
  title,
  extra,
}: {
  kind: 'warning' | 'notFound';
  title: ReactNode;
  extra?: ReactNode;
}) {
  const Icon = kind === 'warning' ? ExclamationCircleOutlined : QuestionCircleOutlined;
  return (
    <div role={kind === 'warning' ? 'alert' : 'status'} style={{ textAlign: 'center', padding: '48px 16px' }}>
      <Icon style={{ fontSize: 56, color: kind === 'warning' ? '#faad14' : '#1668dc' }} />
      <div style={{ fontSize: 20, margin: '16px 0 24px' }}>{title}</div>
      {extra}
    </div>
  );
}
