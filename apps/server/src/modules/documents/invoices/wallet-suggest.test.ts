import { describe, expect, it } from 'vitest';
import { type ItemsUsed, type OfferedItem, suggestItem } from './wallet-suggest';

/** The demo company's travel reimbursement: what it offers, in its order. */
const TRAVEL: OfferedItem[] = [
  { id: 1, nameZh: '住宿费', category: 'travel' },
  { id: 2, nameZh: '机票', category: 'air_ticket' },
  { id: 3, nameZh: '火车票', category: 'travel' },
  { id: 4, nameZh: '出差补贴', category: 'travel' },
  { id: 5, nameZh: '出租车费', category: 'travel' },
  { id: 6, nameZh: '网约车', category: 'ride_hailing' },
];
const NONE: ItemsUsed = { bySeller: new Map(), byKind: new Map() };
const fapiao = (over: Partial<Parameters<typeof suggestItem>[0]> = {}) => ({
  invoiceType: 'digital_normal' as const,
  sellerTaxId: '91310101TEST00005Q',
  itemNames: [] as string[],
  ...over,
});

describe('the item a wallet fapiao suggests', () => {
  it("takes the seller's last item first, then for a ticket the claimant's last of its kind, if offered", () => {
    const used: ItemsUsed = {
      bySeller: new Map([['91310101TEST00005Q', 5]]),
      byKind: new Map([
        ['rail', 6],
        ['digital_normal', 1],
      ]),
    };
    expect(suggestItem(fapiao({ itemNames: ['*住宿服务*住宿费'] }), TRAVEL, used)).toBe(5);
    expect(suggestItem(fapiao({ invoiceType: 'rail', sellerTaxId: 'OTHER' }), TRAVEL, used)).toBe(6);
    // A VAT fapiao's kind says nothing of what it paid for: the last ordinary fapiao's item is not this one's.
    expect(suggestItem(fapiao({ sellerTaxId: 'OTHER', itemNames: ['*运输服务*客运服务费'] }), TRAVEL, used)).toBe(5);
    expect(suggestItem(fapiao({ sellerTaxId: 'OTHER', itemNames: ['*餐饮服务*餐费'] }), TRAVEL, used)).toBeUndefined();
    // An item the type does not offer is never suggested.
    const elsewhere: ItemsUsed = { bySeller: new Map([['91310101TEST00005Q', 99]]), byKind: new Map() };
    expect(suggestItem(fapiao({ itemNames: ['*住宿服务*住宿费'] }), TRAVEL, elsewhere)).toBe(1);
  });

  it('reads the kind of ticket and the classification printed before the first line', () => {
    expect(suggestItem(fapiao({ invoiceType: 'air' }), TRAVEL, NONE)).toBe(2);
    expect(suggestItem(fapiao({ invoiceType: 'rail' }), TRAVEL, NONE)).toBe(3);
    expect(suggestItem(fapiao({ itemNames: ['*住宿服务*住宿费'] }), TRAVEL, NONE)).toBe(1);
    // A taxi's 运输服务 is the taxi, not the train whose name also holds 车.
    expect(suggestItem(fapiao({ itemNames: ['*运输服务*客运服务费'] }), TRAVEL, NONE)).toBe(5);
  });

  it('suggests nothing it cannot tell', () => {
    expect(suggestItem(fapiao({ itemNames: ['*餐饮服务*餐费'] }), TRAVEL, NONE)).toBeUndefined();
    expect(suggestItem(fapiao({ itemNames: ['办公用品'] }), TRAVEL, NONE)).toBeUndefined();
    expect(suggestItem(fapiao(), [], NONE)).toBeUndefined();
  });
});
