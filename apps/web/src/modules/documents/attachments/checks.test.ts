import { ACCEPTED_TYPES } from '@ems/contracts';
import { describe, expect, it } from 'vitest';
import { acceptAttribute, checkFile, formatSize, viewKind } from './checks';

const rules = {
  MaxBytes: 30 * 1024 * 1024,
  AcceptedTypes: ACCEPTED_TYPES.map((t) => ({ MimeType: t.mimeType, Extensions: [...t.extensions], IsImage: t.image })),
};
const file = (name: string, size: number, type = '') => ({ name, size, type });

describe('client-side file checks', () => {
  it('lets accepted kinds through by extension or browser type', () => {
    expect(checkFile(file('发票.PDF', 1000), rules)).toBeNull();
    expect(checkFile(file('scan.jpeg', 1000, 'image/jpeg'), rules)).toBeNull();
    expect(checkFile(file('e-invoice.ofd', 1000), rules)).toBeNull();
    expect(checkFile(file('camera', 1000, 'image/png'), rules)).toBeNull();
    expect(checkFile(file('costs.xlsx', 30 * 1024 * 1024), rules)).toBeNull();
  });

  it('refuses an empty file, one over 30 MB and other kinds, with the server’s message keys', () => {
    expect(checkFile(file('a.pdf', 0), rules)).toEqual({ key: 'error.attachment.empty' });
    expect(checkFile(file('big.pdf', 30 * 1024 * 1024 + 1), rules)).toEqual({
      key: 'error.attachment.too_large',
      params: { max: 30 },
    });
    expect(checkFile(file('setup.exe', 10, 'application/x-msdownload'), rules)).toEqual({
      key: 'error.attachment.type_refused',
      params: { type: '.exe' },
    });
    expect(checkFile(file('notes', 10), rules)).toEqual({
      key: 'error.attachment.type_refused',
      params: { type: '?' },
    });
  });

  it('offers the accepted kinds in the file chooser and formats sizes', () => {
    expect(acceptAttribute(rules).split(',')).toEqual(expect.arrayContaining(['.pdf', '.ofd', 'image/png', '.xls']));
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(3482)).toBe('3.4 KB');
    expect(formatSize(13_107_200)).toBe('12.5 MB');
    expect(viewKind('image/webp')).toBe('image');
    expect(viewKind('application/pdf')).toBe('pdf');
    expect(viewKind('application/msword')).toBeNull();
  });
});
