import { Alert, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a replacement changed, and what it left unchanged with the reason. */
export function ChangeResultView({
  changedText,
  skipped,
  testId,
}: {
  changedText: string;
  skipped: { key: string | number; label: string; reasonKey: string }[];
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div data-testid={testId} role="status">
      <Alert type={skipped.length ? 'warning' : 'success'} showIcon message={changedText} />
      {skipped.length ? (
        <List
          size="small"
          header={
            <Typography.Text strong>{t('workflow.replace.skippedTitle', { count: skipped.length })}</Typography.Text>
          }
          dataSource={skipped}
          renderItem={(s) => (
            <List.Item key={s.key}>
              <Typography.Text code>{s.label}</Typography.Text> {t(s.reasonKey)}
            </List.Item>
          )}
        />
      ) : null}
    </div>
  );
}
