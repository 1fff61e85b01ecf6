import { GlobalOutlined } from '@ant-design/icons';
import { CULTURES, type Culture } from '@ems/contracts';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { notice } from '../notice';
import { useBoot } from './BootProvider';

const LABEL_KEY: Record<Culture, string> = { 'zh-CN': 'common.culture.zhCN', 'en-GB': 'common.culture.enGB' };

/** 中文 / English switch, used on the login page and in the shell header. */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { culture, setCulture, switching } = useBoot();
  return (
    <Select<Culture>
      data-testid="lang-switch"
      aria-label={t('common.language')}
      value={culture}
      loading={switching}
      variant="borderless"
      prefix={compact ? undefined : <GlobalOutlined />}
      popupMatchSelectWidth={false}
      style={{ minWidth: compact ? 84 : 116 }}
      options={CULTURES.map((c) => ({ value: c, label: <span data-testid={`lang-${c}`}>{t(LABEL_KEY[c])}</span> }))}
      onChange={(next) => {
        if (next !== culture) setCulture(next).catch((error: unknown) => notice.error(error));
      }}
    />
  );
}
