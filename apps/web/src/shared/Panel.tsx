import { theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * A titled white box. antd's Card would do, but it brings Tabs with it, which the login page should not carry.
 */
export function Panel({ title, children, testId }: { title: ReactNode; children: ReactNode; testId?: string }) {
  const { token } = theme.useToken();
  return (
    <section
      data-testid={testId}
      style={{
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        border: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <header
        style={{
          padding: '12px 20px',
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          fontWeight: 600,
          fontSize: token.fontSizeLG,
        }}
      >
        {title}
      </header>
      <div style={{ padding: 20 }}>{children}</div>
    </section>
  );
}
