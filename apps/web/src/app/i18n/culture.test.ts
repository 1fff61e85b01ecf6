import { describe, expect, it } from 'vitest';
import { LOCAL_KEYS } from '../session/session';
import { initialCulture, rememberCulture, startCulture } from './culture';

describe('language at start', () => {
  it('is Chinese unless a saved language is set and is not zh-CN, then English', () => {
    expect(startCulture(null)).toBe('zh-CN');
    expect(startCulture('')).toBe('zh-CN');
    expect(startCulture('zh-CN')).toBe('zh-CN');
    expect(startCulture('en-GB')).toBe('en-GB');
    expect(startCulture('fr-FR')).toBe('en-GB');
  });

  it('reads and stores localStorage "language"', () => {
    expect(LOCAL_KEYS.language).toBe('language');
    expect(initialCulture()).toBe('zh-CN');
    rememberCulture('en-GB');
    expect(localStorage.getItem('language')).toBe('en-GB');
    expect(initialCulture()).toBe('en-GB');
  });
});
