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
});
