import { describe, expect, it } from 'vitest';
import { shownByChangeOf } from './documentQueries';

describe('what a document change refetches', () => {
  it('its route (a resubmit starts a new round), previews, counts and every document list', () => {
    expect(shownByChangeOf(['documents', 'route', 7], 7)).toBe(true);
    expect(shownByChangeOf(['documents', 'routePreview', 7], 7)).toBe(true);
    expect(shownByChangeOf(['documents', 'preview', 'deputy', 7, 'zh-CN'], 7)).toBe(true);
    expect(shownByChangeOf(['documents', 'counts'], 7)).toBe(true);
    // A line's new amount changes its attendees' shares.
    expect(shownByChangeOf(['documents', 'customers', 7, 'attendees', 'zh-CN'], 7)).toBe(true);
    expect(shownByChangeOf(['documents-mine', { PageIndex: 1 }], 7)).toBe(true);
    expect(shownByChangeOf(['documents-view-compliance', {}], 7)).toBe(true);
    expect(shownByChangeOf(['approve-center', {}], 7)).toBe(true);
  });

  it('its fapiao and receipts, which a submit locks, not another document’s', () => {
    expect(shownByChangeOf(['invoices', 7, 'zh-CN'], 7)).toBe(true);
    expect(shownByChangeOf(['receipts', 7], 7)).toBe(true);
    expect(shownByChangeOf(['invoices', 8, 'zh-CN'], 7)).toBe(false);
  });

  it('not other documents’ routes, its own detail (the caller sets it) or other screens', () => {
    expect(shownByChangeOf(['documents', 'route', 8], 7)).toBe(false);
    expect(shownByChangeOf(['documents', 'customers', 8, 'attendees', 'zh-CN'], 7)).toBe(false);
    expect(shownByChangeOf(['documents', 'detail', 7], 7)).toBe(false);
    expect(shownByChangeOf(['documents', 'mainInfo', 'deputy', 'zh-CN'], 7)).toBe(false);
    expect(shownByChangeOf(['shell', 'menu'], 7)).toBe(false);
  });
});
