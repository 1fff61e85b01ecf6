import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  dateOf,
  type FapiaoRead,
  FieldSet,
  qrFields,
  type ReadFields,
  type ReadItem,
  ReadRefused,
  toMoney,
  toName,
  toRate,
  toTaxId,
} from './fields';

/**
 * The XML a fapiao comes as: the fully digital fapiao's data file (root `EInvoice`, the element names of the
 * Ministry of Finance's accounting data standard for fully digital fapiao) and the older e-fapiao's original
 * invoice data (root `eInvoice`, namespace e-invoice/2019) that OFD files attach. Also the safe parser the OFD
 * reader shares: no DOCTYPE (so no entity can expand), values kept as text (an amount never becomes a float).
 */

/** An element as fast-xml-parser gives it: text, or an object of children, attributes (`@_`) and `#text`. */
export type XmlNode = string | { [name: string]: XmlNode | XmlNode[] | undefined };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
});

/** The text of XML bytes in the encoding its declaration names (UTF-8 unless it says GBK, GB2312 or GB18030). */
export function decodeXml(data: Uint8Array): string {
  if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder('utf-16le').decode(data);
  if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder('utf-16be').decode(data);
  const head = new TextDecoder('latin1').decode(data.subarray(0, 200));
  const encoding = head.match(/^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9_-]+)["']/)?.[1]?.toLowerCase();
  const chinese = encoding === 'gbk' || encoding === 'gb2312' || encoding === 'gb18030';
  return new TextDecoder(chinese ? 'gb18030' : 'utf-8').decode(data);
}

/** Parses XML text; a document type declaration or malformed XML is unreadable. */
export function parseXml(text: string): Record<string, XmlNode> {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new ReadRefused('unreadable');
  if (XMLValidator.validate(text) !== true) throw new ReadRefused('unreadable');
  return parser.parse(text) as Record<string, XmlNode>;
}

/** The children of that name, none, one or many, as a list. */
export function all(node: XmlNode | XmlNode[] | undefined, name: string): XmlNode[] {
  if (node === undefined || typeof node === 'string' || Array.isArray(node)) return [];
  const child = node[name];
  if (child === undefined) return [];
  return Array.isArray(child) ? child : [child];
}

/** The first child of that name. */
export function one(node: XmlNode | XmlNode[] | undefined, name: string): XmlNode | undefined {
  return all(node, name)[0];
}

/** An element's own text (an element with attributes keeps it under `#text`). */
export function textOf(node: XmlNode | undefined): string | undefined {
  if (node === undefined) return undefined;
  if (typeof node === 'string') return node;
  const text = node['#text'];
  return typeof text === 'string' ? text : undefined;
}

/** The text at a path of child names. */
export function at(node: XmlNode | undefined, ...path: string[]): string | undefined {
  let here = node;
  for (const name of path) here = one(here, name);
  return textOf(here);
}

/** An attribute's value. */
export function attr(node: XmlNode | undefined, name: string): string | undefined {
  if (node === undefined || typeof node === 'string') return undefined;
  const value = node[`@_${name}`];
  return typeof value === 'string' ? value : undefined;
}

const DIGITAL_NUMBER = /^\d{20}$/;

/** The type a fully digital fapiao's header labels give it: its kind's name, then VAT special (01) or normal (02). */
function einvoiceType(header: XmlNode | undefined): ReadFields['type'] | undefined {
  const labels = one(header, 'InherentLabel');
  const kind = at(labels, 'EInvoiceType', 'LabelName') ?? '';
  if (kind.includes('铁路电子客票')) return 'rail';
  if (kind.includes('航空运输电子客票行程单')) return 'air';
  const vat = one(labels, 'GeneralOrSpecialVAT');
  const code = at(vat, 'LabelCode');
  const name = at(vat, 'LabelName') ?? '';
  if (code === '01' || name.includes('专用发票')) return 'digital_special';
  if (code === '02' || name.includes('普通发票')) return 'digital_normal';
  return undefined;
}

/** A party's block: `SellerInformation` in the standard, `Seller` in some issuers' files. */
function party(data: XmlNode | undefined, who: 'Seller' | 'Buyer'): XmlNode | undefined {
  return one(data, `${who}Information`) ?? one(data, who);
}

/** The lines of goods or services: a line needs its name and amount; its rate and tax are read where printed. */
function einvoiceItems(data: XmlNode | undefined): ReadItem[] {
  return all(data, 'IssuItemInformation').flatMap((line) => {
    const name = toName(at(line, 'ItemName'));
    const amount = toMoney(at(line, 'Amount'));
    if (name === undefined || amount === undefined) return [];
    const item: ReadItem = { name, amount };
    const rate = toRate(at(line, 'TaxRate'));
    const tax = toMoney(at(line, 'ComTaxAm'));
    if (rate !== undefined) item.taxRate = rate;
    if (tax !== undefined) item.taxAmount = tax;
    return [item];
  });
}

/** The fields of a fully digital fapiao's XML (root `EInvoice`). */
export function einvoiceFields(root: XmlNode): Partial<ReadFields> {
  const header = one(root, 'Header');
  const data = one(root, 'EInvoiceData');
  const supervision = one(root, 'TaxSupervisionInfo');
  const basic = one(data, 'BasicInformation');
  const seller = party(data, 'Seller');
  const buyer = party(data, 'Buyer');
  const number = [at(supervision, 'InvoiceNumber'), at(header, 'EIid')].find((n) => n && DIGITAL_NUMBER.test(n));
  return {
    type: einvoiceType(header),
    electronic: true,
    number,
    invoiceDate: dateOf(at(supervision, 'IssueTime')) ?? dateOf(at(basic, 'RequestTime')),
    sellerName: toName(at(seller, 'SellerName')),
    sellerTaxId: toTaxId(at(seller, 'SellerIdNum')),
    buyerName: toName(at(buyer, 'BuyerName')),
    buyerTaxId: toTaxId(at(buyer, 'BuyerIdNum')),
    amount: toMoney(at(basic, 'TotalAmWithoutTax')),
    taxAmount: toMoney(at(basic, 'TotalTaxAm')),
    total: toMoney(at(basic, 'TotalTax-includedAmount')),
    items: einvoiceItems(data),
  };
}

/**
 * The fields of an older e-fapiao's original data (root `eInvoice`, as OFD e-fapiao attach it). Its `GraphCode` is
 * the QR text and is read as the QR; its `TypeCode` is not read (its values are not published with the format).
 */
export function originalInvoiceFields(root: XmlNode): { fields: Partial<ReadFields>; qr?: Partial<ReadFields> } {
  const buyer = one(root, 'Buyer') ?? root;
  const seller = one(root, 'Seller') ?? root;
  const items = all(one(root, 'GoodsInfos'), 'GoodsInfo').flatMap((line): ReadItem[] => {
    const name = toName(at(line, 'Item'));
    const amount = toMoney(at(line, 'Amount'));
    if (name === undefined || amount === undefined) return [];
    const item: ReadItem = { name, amount };
    const rate = toRate(at(line, 'TaxScheme'));
    const tax = toMoney(at(line, 'TaxAmount'));
    if (rate !== undefined) item.taxRate = rate;
    if (tax !== undefined) item.taxAmount = tax;
    return [item];
  });
  const code = at(root, 'InvoiceCode')?.trim();
  const number = at(root, 'InvoiceNo')?.trim();
  const checkCode = at(root, 'InvoiceCheckCode')?.replace(/\s/g, '');
  const graph = at(root, 'GraphCode');
  return {
    fields: {
      electronic: true,
      code: code && /^(\d{10}|\d{12})$/.test(code) ? code : undefined,
      number: number && /^(\d{8}|\d{20})$/.test(number) ? number : undefined,
      invoiceDate: dateOf(at(root, 'IssueDate')),
      checkCode: checkCode && /^\d{20}$/.test(checkCode) ? checkCode : undefined,
      buyerName: toName(at(buyer, 'BuyerName')),
      buyerTaxId: toTaxId(at(buyer, 'BuyerTaxID')),
      sellerName: toName(at(seller, 'SellerName')),
      sellerTaxId: toTaxId(at(seller, 'SellerTaxID')),
      amount: toMoney(at(root, 'TaxExclusiveTotalAmount')),
      taxAmount: toMoney(at(root, 'TaxTotalAmount')),
      total: toMoney(at(root, 'TaxInclusiveTotalAmount')),
      items,
    },
    qr: graph ? qrFields(graph) : undefined,
  };
}

/** Puts what a parsed fapiao XML holds into the set; false when its root is neither kind of fapiao data. */
export function putFapiaoXml(doc: Record<string, XmlNode>, set: FieldSet): boolean {
  const digital = doc.EInvoice;
  if (digital !== undefined && typeof digital !== 'string') {
    set.putAll(einvoiceFields(digital), 'xml');
    return true;
  }
  const original = doc.eInvoice;
  if (original !== undefined && typeof original !== 'string') {
    const { fields, qr } = originalInvoiceFields(original);
    if (qr) set.putAll(qr, 'qr');
    set.putAll(fields, 'xml');
    return true;
  }
  return false;
}

/** Reads a fapiao XML file. */
export function readXml(data: Uint8Array): FapiaoRead {
  const doc = parseXml(decodeXml(data));
  const set = new FieldSet();
  if (!putFapiaoXml(doc, set) || !set.has('number')) throw new ReadRefused('notFapiao');
  return set.finish('xml');
}
