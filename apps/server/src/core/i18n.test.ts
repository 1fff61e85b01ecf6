import { describe, expect, it } from 'vitest';
import { Messages } from './i18n';

describe('Messages', () => {
  const m = new Messages();
  m.load([
    { key: 'remit.documents.added', culture: 'en-GB', content: '{{count}} documents added' },
    { key: 'remit.documents.added_one', culture: 'en-GB', content: '{{count}} document added' },
    { key: 'remit.documents.added', culture: 'zh-CN', content: '已添加 {{count}} 张单据' },
    { key: 'quota.archive.done', culture: 'en-GB', content: '{{count}} quotas archived' },
  ]);

  it('takes the singular text for a count of one, the plural for any other', () => {
    expect(m.t('remit.documents.added', 'en-GB', { count: 1 })).toBe('1 document added');
    expect(m.t('remit.documents.added', 'en-GB', { count: '1' })).toBe('1 document added');
    expect(m.t('remit.documents.added', 'en-GB', { count: 0 })).toBe('0 documents added');
    expect(m.t('remit.documents.added', 'en-GB', { count: 3 })).toBe('3 documents added');
  });

  it('keeps the one text where a key or a language has no singular', () => {
    expect(m.t('quota.archive.done', 'en-GB', { count: 1 })).toBe('1 quotas archived');
    expect(m.t('remit.documents.added', 'zh-CN', { count: 1 })).toBe('已添加 1 张单据');
  });

  it('fills a parameter given in each language with the reader’s, else the plain one', () => {
    const n = new Messages();
    n.load([
      { key: 'error.budget.exceeded_block', culture: 'en-GB', content: 'Budget {{budget}} is short' },
      { key: 'error.budget.exceeded_block', culture: 'zh-CN', content: '预算 {{budget}} 不足' },
    ]);
    const params = {
      budget: '2026 / CC1 / PHONE',
      'budget:zh-CN': '2026 / CC1 / 电话费',
      'budget:en-GB': '2026 / CC1 / Phone',
    };
    expect(n.t('error.budget.exceeded_block', 'zh-CN', params)).toBe('预算 2026 / CC1 / 电话费 不足');
    expect(n.t('error.budget.exceeded_block', 'en-GB', params)).toBe('Budget 2026 / CC1 / Phone is short');
    expect(n.t('error.budget.exceeded_block', 'en-GB', { budget: '2026 / CC1 / PHONE' })).toBe(
      'Budget 2026 / CC1 / PHONE is short',
    );
  });
});
