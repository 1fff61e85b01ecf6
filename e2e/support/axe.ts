import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The WCAG 2.0 and 2.1 rules of levels A and AA (decision 061). */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * What axe finds serious or critical on the page as it stands, one line per element: the rule, its impact, the
 * element's selector and what fails there (for contrast, the colours and the ratio). An empty list passes.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => {
        const what = (n.failureSummary ?? v.help).replace(/^Fix (any|all) of the following:/, '').replace(/\s+/g, ' ');
        return `${v.id} (${v.impact}) ${n.target.join(' >> ')}: ${what.trim()}`;
      }),
    );
}
