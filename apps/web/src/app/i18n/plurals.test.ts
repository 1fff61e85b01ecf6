import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { initTestI18n } from '../../test/i18n';

describe('counted texts', () => {
  it('say "1 document", not "1 documents", in English', async () => {
    await initTestI18n('en-GB');
    expect(i18n.t('remit.documents.added', { count: 1 })).toBe('1 document added');
    expect(i18n.t('remit.documents.added', { count: 2 })).toBe('2 documents added');
    expect(i18n.t('remit.list.total', { count: 1, amount: '5.00' })).toBe('1 line, total 5.00');
  });

  it('keep the one Chinese text whatever the count', async () => {
    await initTestI18n('zh-CN');
    const one = i18n.t('remit.documents.added', { count: 1 });
    expect(one).toBe(i18n.t('remit.documents.added', { count: 1, lng: 'zh-CN' }));
    expect(one).toContain('1');
    expect(i18n.t('remit.documents.added', { count: 2 }).replace('2', '1')).toBe(one);
  });
});
