import type { ThemeConfig } from 'antd';

/**
 * The colours every screen draws with: antd's, with the few tokens whose text falls short of WCAG 2 AA changed so text
 * reads at 4.5:1 or more (decision 061). Quiet text (descriptions, breadcrumbs, statistic titles, placeholders) is
 * 4.9:1 on white and 4.8:1 on the page's grey; links and the "in approval" tag take the brand blue (5.2:1, 4.6:1 on
 * its tint); errors and danger buttons antd's red-7 (5.6:1, 4.8:1 on its tint). A tag keeps its light tint and writes
 * its word in a darker shade of its colour (shade 8, gold's 9), 5.2:1 and more; a warning tag in orange-8, and warning
 * text (a line's budget note going over a warned budget) too.
 */
const QUIET_TEXT = 'rgba(0, 0, 0, 0.56)';
const BRAND_BLUE = '#1668dc';
const GREEN_8 = '#237804';
const ORANGE_8 = '#ad4e00';
const GOLD_9 = '#874d00';

export const THEME: ThemeConfig = {
  token: {
    colorPrimary: BRAND_BLUE,
    colorInfo: BRAND_BLUE,
    colorError: '#cf1322',
    colorTextTertiary: QUIET_TEXT,
    colorTextPlaceholder: QUIET_TEXT,
  },
  components: {
    // A table's "no rows" line is information, not a disabled control: quiet text rather than antd's disabled grey.
    Table: { colorTextDisabled: QUIET_TEXT },
    Tag: { colorSuccess: GREEN_8, colorWarning: ORANGE_8, green7: GREEN_8, orange7: ORANGE_8, gold7: GOLD_9 },
    Typography: { colorWarning: ORANGE_8 },
  },
};
