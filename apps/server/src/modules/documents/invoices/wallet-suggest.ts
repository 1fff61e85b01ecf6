import type { FapiaoType } from '@ems/contracts';

/** An expense item a draft's line may take: one the chosen expense type offers. */
export interface OfferedItem {
  id: number;
  nameZh: string;
  category: string;
}

/** What a wallet entry says about itself that points to an expense item. */
export interface EntryFacts {
  invoiceType: FapiaoType;
  sellerTaxId: string;
  /** The names of its goods or services, as printed: `*住宿服务*住宿费`. */
  itemNames: readonly string[];
}

/** The items earlier lines took: by the seller's tax id, and by ticket kind (the claimant's own lines). */
export interface ItemsUsed {
  bySeller: ReadonlyMap<string, number>;
  byKind: ReadonlyMap<string, number>;
}

/**
 * The tax classification's short name a fully digital fapiao prints between asterisks before each line's name
 * (`*餐饮服务*餐费`), and the words an expense item's Chinese name carries for it, the likelier first (decision 062).
 */
const CLASSIFICATION_WORDS: readonly (readonly [classification: RegExp, itemWords: readonly string[]])[] = [
  [/住宿/, ['住宿', '酒店']],
  [/餐饮/, ['餐', '招待']],
  [/旅客运输|运输服务|客运/, ['出租', '网约车', '市内交通', '交通']],
  [/电信|通信/, ['通讯', '电话', '话费']],
  [/邮政|快递|物流辅助/, ['快递']],
  [/会议|会展/, ['会议', '会务']],
  [/培训|教育/, ['培训']],
  [/办公|文具|纸制品/, ['办公']],
];

/** The ticket kinds and the words an expense item's Chinese name carries for them. */
const TICKET_WORDS: Partial<Record<FapiaoType, readonly string[]>> = {
  rail: ['火车', '铁路', '高铁'],
  road: ['汽车', '客运', '交通'],
  water: ['船', '轮渡', '交通'],
};

const classificationOf = (name: string): string | undefined => /^\*([^*]+)\*/.exec(name.trim())?.[1];

const TICKETS: ReadonlySet<FapiaoType> = new Set(['air', 'rail', 'road', 'water']);

/** The kinds whose own history says something: a ticket's kind is its trip; a VAT fapiao's kind says nothing of it. */
export const isTicket = (t: FapiaoType) => TICKETS.has(t);

/**
 * The expense item suggested for a wallet entry's line, among those the expense type offers: the item the company's
 * last line of this seller's fapiao took; for a ticket, the claimant's last line of this kind of ticket, else the item
 * whose name or category says the kind (an air itinerary, a rail ticket); for a VAT fapiao, the item whose name matches
 * the classification printed on its first line. None: the claimant picks it.
 */
export function suggestItem(entry: EntryFacts, offered: readonly OfferedItem[], used: ItemsUsed): number | undefined {
  const ids = new Set(offered.map((o) => o.id));
  const known = (id: number | undefined) => (id !== undefined && ids.has(id) ? id : undefined);
  const named = (words: readonly string[] = []) =>
    words.map((w) => offered.find((o) => o.nameZh.includes(w))?.id).find((id) => id !== undefined);
  const fromSeller = entry.sellerTaxId ? known(used.bySeller.get(entry.sellerTaxId)) : undefined;
  if (fromSeller) return fromSeller;
  if (isTicket(entry.invoiceType)) {
    const fromKind = known(used.byKind.get(entry.invoiceType));
    if (fromKind) return fromKind;
    if (entry.invoiceType === 'air') return offered.find((o) => o.category === 'air_ticket')?.id;
    return named(TICKET_WORDS[entry.invoiceType]);
  }
  const classification = entry.itemNames.map(classificationOf).find((c) => c !== undefined);
  if (!classification) return undefined;
  return named(CLASSIFICATION_WORDS.find(([c]) => c.test(classification))?.[1]);
}
