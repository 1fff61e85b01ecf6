import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { deductibleVat, type FapiaoType, isFullyDigital } from '@ems/contracts';
import { zipSync } from 'fflate';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import type { ReadField, ReadFields } from './fields';
import type { Grey } from './qr';

/**
 * Fapiao files made for the tests from what the public descriptions of each format say (decision 060): every name,
 * number and amount here is invented. A `FapiaoSpec` says what a file carries; a field left out of it is left out of
 * the file, so a reader that fills it in has invented it.
 */

export type SpecKind = 'digital_special' | 'digital_normal' | 'vat_electronic' | 'rail' | 'air';

export interface FapiaoSpec {
  kind: SpecKind;
  number: string;
  /** Older fapiao only. */
  code?: string;
  date: string;
  checkCode?: string;
  buyerName?: string;
  buyerTaxId?: string;
  sellerName?: string;
  sellerTaxId?: string;
  amount?: string;
  taxAmount?: string;
  total?: string;
  items?: { name: string; amount: string; taxRate?: string; taxAmount?: string }[];
  passenger?: string;
  from?: string;
  to?: string;
  fare?: string;
  fuelSurcharge?: string;
}

export const SPECIAL: FapiaoSpec = {
  kind: 'digital_special',
  number: '24312000000012345678',
  date: '2024-03-05',
  buyerName: '上海示例医药有限公司',
  buyerTaxId: '91310115TEST00001X',
  sellerName: '北京样例信息技术有限公司',
  sellerTaxId: '91110108TEST00002Y',
  amount: '2000.00',
  taxAmount: '120.00',
  total: '2120.00',
  items: [
    { name: '*信息技术服务*软件维护费', amount: '1500.00', taxRate: '0.06', taxAmount: '90.00' },
    { name: '*信息技术服务*数据服务费', amount: '500.00', taxRate: '0.06', taxAmount: '30.00' },
  ],
};

export const NORMAL: FapiaoSpec = {
  kind: 'digital_normal',
  number: '24442000000087654321',
  date: '2024-11-30',
  buyerName: '上海示例医药有限公司',
  buyerTaxId: '91310115TEST00001X',
  sellerName: '广州样例餐饮管理有限公司',
  sellerTaxId: '91440101TEST00003Z',
  amount: '94.34',
  taxAmount: '5.66',
  total: '100.00',
  items: [{ name: '*餐饮服务*餐费', amount: '94.34', taxRate: '0.06', taxAmount: '5.66' }],
};

/**
 * A fully digital hotel fapiao made out to the demo company, as a claimant downloads it: the browser tests enter it on
 * a claim, the benchmark reads it.
 */
/** Ordinary fapiao made out to `buyer`, dated today and numbered afresh on each call after `prefix` (10 digits). */
export function numberedFapiao(buyer: Pick<FapiaoSpec, 'buyerName' | 'buyerTaxId'>, prefix: string) {
  let serial = 0;
  return (over: Partial<FapiaoSpec> = {}): FapiaoSpec => ({
    ...NORMAL,
    ...buyer,
    date: new Date().toISOString().slice(0, 10),
    number: `${prefix}${String(++serial).padStart(10, '0')}`,
    ...over,
  });
}

export const hotelFapiao = (number: string, date: string): FapiaoSpec => ({
  kind: 'digital_normal',
  number,
  date,
  buyerName: '华康医药（中国）有限公司',
  buyerTaxId: '91310000MA1FL0HK1X',
  sellerName: '上海样例酒店管理有限公司',
  sellerTaxId: '91310101TEST00005Q',
  amount: '377.36',
  taxAmount: '22.64',
  total: '400.00',
  items: [{ name: '*住宿服务*住宿费', amount: '377.36', taxRate: '0.06', taxAmount: '22.64' }],
});

export const OLD_NORMAL: FapiaoSpec = {
  kind: 'vat_electronic',
  code: '044031900111',
  number: '12345678',
  date: '2020-06-18',
  checkCode: '12345678901234567890',
  buyerName: '上海示例医药有限公司',
  buyerTaxId: '91310115TEST00001X',
  sellerName: '深圳样例酒店有限公司',
  sellerTaxId: '91440300TEST00004W',
  amount: '377.36',
  taxAmount: '22.64',
  total: '400.00',
  items: [{ name: '*住宿服务*住宿费', amount: '377.36', taxRate: '0.06', taxAmount: '22.64' }],
};

export const RAIL: FapiaoSpec = {
  kind: 'rail',
  number: '24119000000055556666',
  date: '2024-09-01',
  buyerName: '上海示例医药有限公司',
  buyerTaxId: '91310115TEST00001X',
  passenger: '王小明',
  from: '北京南站',
  to: '上海虹桥站',
  fare: '553.00',
  total: '553.00',
};

export const AIR: FapiaoSpec = {
  kind: 'air',
  number: '24319000000077778888',
  date: '2024-10-12',
  buyerName: '上海示例医药有限公司',
  buyerTaxId: '91310115TEST00001X',
  passenger: '李小红',
  fare: '1090.00',
  fuelSurcharge: '60.00',
  taxAmount: '94.95',
  total: '1200.00',
};

const QR_TYPE: Record<SpecKind, string> = {
  digital_special: '31',
  digital_normal: '32',
  vat_electronic: '10',
  rail: '51',
  air: '61',
};

/** The QR text of a fapiao: `01,type,code,number,amount,date,check code,hash`; the amount is the total on digital ones. */
export function qrTextOf(spec: FapiaoSpec): string {
  const digital = isFullyDigital(spec.kind, spec.number, spec.code ?? '');
  const amount = (digital ? spec.total : spec.amount) ?? '';
  return [
    '01',
    QR_TYPE[spec.kind],
    spec.code ?? '',
    spec.number,
    amount,
    spec.date.replace(/-/g, ''),
    spec.checkCode ?? '',
    'C3D4',
    '',
  ].join(',');
}

/** What a reader should answer for the spec, before the computed fields (see `expectedFields`). */
export function specFields(spec: FapiaoSpec): Partial<ReadFields> {
  const { kind, date, items, ...rest } = spec;
  const fields: Partial<ReadFields> = { type: kind as FapiaoType, electronic: true, invoiceDate: date, ...rest };
  if (items?.length) fields.items = items;
  return fields;
}

// ---------------------------------------------------------------------------------------------------------------
// 数电 XML
// ---------------------------------------------------------------------------------------------------------------

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const el = (name: string, value: string | undefined) => (value === undefined ? '' : `<${name}>${esc(value)}</${name}>`);

/** A fully digital fapiao's XML in the element names of the accounting data standard. */
export function digitalXml(spec: FapiaoSpec): string {
  const kind =
    spec.kind === 'rail'
      ? '<EInvoiceType><LabelCode>01</LabelCode><LabelName>电子发票（铁路电子客票）</LabelName></EInvoiceType>'
      : '<EInvoiceType><LabelCode>01</LabelCode><LabelName>电子发票</LabelName></EInvoiceType>';
  const vat =
    spec.kind === 'digital_special'
      ? '<GeneralOrSpecialVAT><LabelCode>01</LabelCode><LabelName>增值税专用发票</LabelName></GeneralOrSpecialVAT>'
      : spec.kind === 'digital_normal'
        ? '<GeneralOrSpecialVAT><LabelCode>02</LabelCode><LabelName>普通发票</LabelName></GeneralOrSpecialVAT>'
        : '';
  const items = (spec.items ?? [])
    .map(
      (i) =>
        `<IssuItemInformation>${el('ItemName', i.name)}${el('Amount', i.amount)}${el('TaxRate', i.taxRate)}${el('ComTaxAm', i.taxAmount)}</IssuItemInformation>`,
    )
    .join('');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<EInvoice>',
    `<Header>${el('EIid', spec.number)}<EInvoiceTag>SWEI3100</EInvoiceTag><Version>0.32</Version>`,
    `<InherentLabel>${kind}${vat}</InherentLabel></Header>`,
    '<EInvoiceData>',
    `<SellerInformation>${el('SellerIdNum', spec.sellerTaxId)}${el('SellerName', spec.sellerName)}</SellerInformation>`,
    `<BuyerInformation>${el('BuyerIdNum', spec.buyerTaxId)}${el('BuyerName', spec.buyerName)}</BuyerInformation>`,
    `<BasicInformation>${el('TotalAmWithoutTax', spec.amount)}${el('TotalTaxAm', spec.taxAmount)}${el('TotalTax-includedAmount', spec.total)}<RequestTime>${spec.date} 09:30:00</RequestTime></BasicInformation>`,
    items,
    '</EInvoiceData>',
    `<TaxSupervisionInfo>${el('InvoiceNumber', spec.number)}<IssueTime>${spec.date} 09:30:12</IssueTime><TaxBureauCode>13100000000</TaxBureauCode></TaxSupervisionInfo>`,
    '</EInvoice>',
  ].join('\n');
}

/** An older e-fapiao's original data, as OFD files attach it (namespace e-invoice/2019); `qr` adds its GraphCode. */
export function originalXml(spec: FapiaoSpec, options: { qr?: boolean } = {}): string {
  const fp = (name: string, value: string | undefined) =>
    value === undefined ? '' : `<fp:${name}>${esc(value)}</fp:${name}>`;
  const goods = (spec.items ?? [])
    .map(
      (i) =>
        `<fp:GoodsInfo>${fp('Item', i.name)}${fp('Amount', i.amount)}${fp('TaxScheme', i.taxRate ? `${Number(i.taxRate) * 100}%` : undefined)}${fp('TaxAmount', i.taxAmount)}</fp:GoodsInfo>`,
    )
    .join('');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<fp:eInvoice xmlns:fp="http://www.edrm.org.cn/schema/e-invoice/2019" Version="1.0">',
    fp('InvoiceCode', spec.code),
    fp('InvoiceNo', spec.number),
    `<fp:IssueDate><![CDATA[${spec.date.replace(/^(\d{4})-(\d\d)-(\d\d)$/, '$1年$2月$3日')}]]></fp:IssueDate>`,
    fp('InvoiceCheckCode', spec.checkCode),
    options.qr ? fp('GraphCode', qrTextOf(spec)) : '',
    `<fp:Buyer>${fp('BuyerName', spec.buyerName)}${fp('BuyerTaxID', spec.buyerTaxId)}</fp:Buyer>`,
    `<fp:Seller>${fp('SellerName', spec.sellerName)}${fp('SellerTaxID', spec.sellerTaxId)}</fp:Seller>`,
    fp('TaxInclusiveTotalAmount', spec.total),
    fp('TaxExclusiveTotalAmount', spec.amount),
    fp('TaxTotalAmount', spec.taxAmount),
    `<fp:GoodsInfos>${goods}</fp:GoodsInfos>`,
    '</fp:eInvoice>',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// What a fapiao page prints, placed: shared by the PDF and the OFD
// ---------------------------------------------------------------------------------------------------------------

/** One printed run: x and y in millimetres from the top left (y the top of the text), size in millimetres. */
export interface PrintedRun {
  text: string;
  x: number;
  y: number;
  size?: number;
  /** A label a layout prints whatever the fapiao says (an OFD keeps these in its template page). */
  label?: boolean;
}

const TITLE: Record<SpecKind, string> = {
  digital_special: '电子发票（增值税专用发票）',
  digital_normal: '电子发票（普通发票）',
  vat_electronic: '增值税电子普通发票',
  rail: '电子发票（铁路电子客票）',
  air: '电子发票（航空运输电子客票行程单）',
};

const yuan = (v: string | undefined) => (v === undefined ? undefined : `¥${v}`);

/** The page's runs in the layout of the kind: labels, and the values the spec gives beside them. */
export function printedRuns(spec: FapiaoSpec): PrintedRun[] {
  const runs: PrintedRun[] = [];
  const put = (text: string | undefined, x: number, y: number, label = false) => {
    if (text !== undefined) runs.push({ text, x, y, label });
  };
  const labelled = (label: string, value: string | undefined, x: number, y: number, gap = 24) => {
    put(label, x, y, true);
    put(value, x + gap, y);
  };
  put(TITLE[spec.kind], 70, 8, true);
  labelled('发票号码：', spec.number, 140, 14, 18);
  const date = spec.date.replace(/^(\d{4})-(\d\d)-(\d\d)$/, '$1年$2月$3日');
  labelled(spec.kind === 'air' ? '填开日期：' : '开票日期：', date, 140, 20, 18);
  if (spec.code) labelled('发票代码：', spec.code, 140, 26, 18);
  if (spec.checkCode) labelled('校 验 码：', spec.checkCode.replace(/(\d{5})(?=\d)/g, '$1 '), 140, 32, 18);
  if (spec.kind === 'rail' || spec.kind === 'air') {
    if (spec.kind === 'rail') {
      put(spec.from, 20, 40);
      put('G1', 70, 40);
      put(spec.to, 110, 40);
      put('2024年09月01日 08:00开', 20, 48);
      put('05车12A号  二等座', 90, 48);
      labelled('票价：', yuan(spec.fare), 20, 56, 12);
      put(spec.passenger && `3201011990****123X ${spec.passenger}`, 20, 64);
    } else {
      labelled('旅客姓名：', spec.passenger, 20, 40, 20);
      labelled('票价：', yuan(spec.fare), 20, 56, 12);
      labelled('燃油附加费：', yuan(spec.fuelSurcharge), 70, 56, 24);
      labelled('增值税税额：', yuan(spec.taxAmount), 130, 56, 24);
      labelled('合计：', yuan(spec.total), 20, 64, 12);
    }
    labelled('购买方名称：', spec.buyerName, 20, 72, 24);
    labelled('统一社会信用代码：', spec.buyerTaxId, 110, 72, 34);
    return runs;
  }
  const idLabel = spec.kind === 'vat_electronic' ? '纳税人识别号：' : '统一社会信用代码/纳税人识别号：';
  const idGap = spec.kind === 'vat_electronic' ? 26 : 56;
  // Buyer left and seller right on the fully digital layout; buyer above and seller below on the older one.
  const [sx, sy] = spec.kind === 'vat_electronic' ? [20, 108] : [110, 40];
  put('购买方信息', 5, 40, true);
  labelled('名称：', spec.buyerName, 20, 40, 12);
  labelled(idLabel, spec.buyerTaxId, 20, 46, idGap);
  put('销售方信息', sx - 15, sy, true);
  labelled('名称：', spec.sellerName, sx, sy, 12);
  labelled(idLabel, spec.sellerTaxId, sx, sy + 6, idGap);
  for (const [x, h] of [
    [20, '项目名称'],
    [80, '数量'],
    [110, '金额'],
    [135, '税率/征收率'],
    [165, '税额'],
  ] as const) {
    put(h, x, 56, true);
  }
  (spec.items ?? []).forEach((item, i) => {
    put(item.name, 20, 62 + i * 6);
    put('1', 80, 62 + i * 6);
    put(item.amount, 110, 62 + i * 6);
    put(item.taxRate === undefined ? '免税' : `${Number(item.taxRate) * 100}%`, 135, 62 + i * 6);
    put(item.taxAmount ?? '***', 165, 62 + i * 6);
  });
  put('合 计', 20, 88, true);
  put(yuan(spec.amount), 110, 88);
  put(yuan(spec.taxAmount), 165, 88);
  put('价税合计（大写）', 20, 96, true);
  put('（小写）', 130, 96, true);
  put(yuan(spec.total), 145, 96);
  put('开票人：', 20, 125, true);
  return runs;
}

// ---------------------------------------------------------------------------------------------------------------
// QR code, PDF, OFD
// ---------------------------------------------------------------------------------------------------------------

/** A QR code as a PNG, by bwip-js (the server's barcode library). */
export async function qrPng(text: string, scale = 3): Promise<Buffer> {
  const { default: bwip } = await import('bwip-js/node');
  return bwip.toBuffer({ bcid: 'qrcode', text, scale });
}

const require = createRequire(import.meta.url);
let font: Buffer | undefined;
/** The Chinese font the server prints with (`core/pdf.ts`). */
function notoSans(): Buffer {
  font ??= readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'));
  return font;
}

const MM = 72 / 25.4;

export interface PdfOptions {
  /** The QR text to embed as an image; none when false. Defaults to the spec's own. */
  qr?: string | false;
  /** Values to print instead of the spec's, by the printed text they replace. */
  misprint?: Record<string, string>;
  userPassword?: string;
}

/** A PDF laid out like the kind's fapiao, in Noto Sans SC, with its QR code as an image. */
export async function fapiaoPdf(spec: FapiaoSpec, options: PdfOptions = {}): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: [210 * MM, 140 * MM],
    margin: 0,
    ...(options.userPassword ? { userPassword: options.userPassword, ownerPassword: 'owner' } : {}),
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', resolve));
  doc.registerFont('sc', notoSans());
  doc.font('sc');
  const qr = options.qr === undefined ? qrTextOf(spec) : options.qr;
  if (qr) doc.image(await qrPng(qr), 8 * MM, 6 * MM, { width: 22 * MM });
  for (const run of printedRuns(spec)) {
    doc.fontSize(run.y < 10 ? 14 : 8.5);
    doc.text(options.misprint?.[run.text] ?? run.text, run.x * MM, run.y * MM, { lineBreak: false });
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

export interface OfdOptions {
  /** The attached fapiao data: the fully digital XML, the older original XML (with its GraphCode), or none. */
  attach?: 'digital' | 'original' | 'none';
  customData?: boolean;
  customTags?: boolean;
  /** The printed text (labels in the template, values on the page). */
  text?: boolean;
  qrImage?: boolean;
  misprint?: Record<string, string>;
}

const OFD_NS = 'xmlns:ofd="http://www.ofdspec.org/2016"';
const utf8 = (s: string) => new TextEncoder().encode(s);

/** An OFD as GB/T 33190 lays it out, carrying the spec's fields in the ways `options` choose. */
export async function fapiaoOfd(spec: FapiaoSpec, options: OfdOptions = {}): Promise<Uint8Array> {
  const { attach = 'none', customData = false, customTags = false, text = true, qrImage = false } = options;
  const runs = printedRuns(spec);
  let id = 100;
  const ids = new Map<string, string>();
  const textObject = (run: PrintedRun) => {
    const size = run.y < 10 ? 5 : 3;
    const value = options.misprint?.[run.text] ?? run.text;
    const objectId = String(id++);
    ids.set(run.text, objectId);
    return `<ofd:TextObject ID="${objectId}" Boundary="${run.x} ${run.y} ${value.length * size} ${size + 1}" Font="1" Size="${size}"><ofd:TextCode X="0" Y="${size}">${esc(value)}</ofd:TextCode></ofd:TextObject>`;
  };
  const layer = (objects: string) => `<ofd:Content><ofd:Layer ID="${id++}">${objects}</ofd:Layer></ofd:Content>`;
  const labels = text
    ? runs
        .filter((r) => r.label)
        .map(textObject)
        .join('')
    : '';
  const values =
    text || customTags
      ? runs
          .filter((r) => !r.label)
          .map(textObject)
          .join('')
      : '';
  const image = qrImage ? '<ofd:ImageObject ID="90" ResourceID="60" Boundary="8 6 22 22" CTM="22 0 0 22 0 0"/>' : '';
  const files: Record<string, Uint8Array> = {};
  const customDatas = customData
    ? [
        ['发票号码', spec.number],
        ['开票日期', spec.date.replace(/^(\d{4})-(\d\d)-(\d\d)$/, '$1年$2月$3日')],
        ['销售方纳税人识别号', spec.sellerTaxId],
        ['购买方纳税人识别号', spec.buyerTaxId],
        ['合计金额', spec.amount],
        ['合计税额', spec.taxAmount],
      ]
        .filter(([, v]) => v !== undefined)
        .map(([n, v]) => `<ofd:CustomData Name="${n}">${esc(v!)}</ofd:CustomData>`)
        .join('')
    : '';
  files['OFD.xml'] = utf8(
    `<?xml version="1.0" encoding="UTF-8"?><ofd:OFD ${OFD_NS} Version="1.1" DocType="OFD"><ofd:DocBody><ofd:DocInfo><ofd:DocID>0c8b1d2e</ofd:DocID><ofd:Creator>test</ofd:Creator><ofd:CustomDatas>${customDatas}</ofd:CustomDatas></ofd:DocInfo><ofd:DocRoot>Doc_0/Document.xml</ofd:DocRoot></ofd:DocBody></ofd:OFD>`,
  );
  files['Doc_0/Document.xml'] = utf8(
    `<?xml version="1.0" encoding="UTF-8"?><ofd:Document ${OFD_NS}><ofd:CommonData><ofd:MaxUnitID>200</ofd:MaxUnitID><ofd:PageArea><ofd:PhysicalBox>0 0 210 140</ofd:PhysicalBox></ofd:PageArea><ofd:DocumentRes>DocumentRes.xml</ofd:DocumentRes><ofd:TemplatePage ID="2" BaseLoc="Tpls/Tpl_0/Content.xml"/></ofd:CommonData><ofd:Pages><ofd:Page ID="1" BaseLoc="Pages/Page_0/Content.xml"/></ofd:Pages>${attach === 'none' ? '' : '<ofd:Attachments>Attachs/Attachments.xml</ofd:Attachments>'}${customTags ? '<ofd:CustomTags>Tags/CustomTags.xml</ofd:CustomTags>' : ''}</ofd:Document>`,
  );
  files['Doc_0/Tpls/Tpl_0/Content.xml'] = utf8(
    `<?xml version="1.0" encoding="UTF-8"?><ofd:Page ${OFD_NS}>${layer(labels)}</ofd:Page>`,
  );
  files['Doc_0/Pages/Page_0/Content.xml'] = utf8(
    `<?xml version="1.0" encoding="UTF-8"?><ofd:Page ${OFD_NS}><ofd:Template TemplateID="2" ZOrder="Background"/>${layer(values + image)}</ofd:Page>`,
  );
  files['Doc_0/DocumentRes.xml'] = utf8(
    `<?xml version="1.0" encoding="UTF-8"?><ofd:Res ${OFD_NS} BaseLoc="Res"><ofd:MultiMedias><ofd:MultiMedia ID="60" Type="Image"><ofd:MediaFile>qr.png</ofd:MediaFile></ofd:MultiMedia></ofd:MultiMedias></ofd:Res>`,
  );
  if (qrImage) files['Doc_0/Res/qr.png'] = await qrPng(qrTextOf(spec));
  if (attach !== 'none') {
    const name = attach === 'digital' ? 'invoice.xml' : 'original_invoice.xml';
    files['Doc_0/Attachs/Attachments.xml'] = utf8(
      `<?xml version="1.0" encoding="UTF-8"?><ofd:Attachments ${OFD_NS}><ofd:Attachment ID="1" Name="${name}" Format="xml"><ofd:FileLoc>${name}</ofd:FileLoc></ofd:Attachment></ofd:Attachments>`,
    );
    files[`Doc_0/Attachs/${name}`] = utf8(attach === 'digital' ? digitalXml(spec) : originalXml(spec, { qr: true }));
  }
  if (customTags) {
    const ref = (name: string, value: string | undefined) => {
      const objectId = value === undefined ? undefined : ids.get(value);
      return objectId ? `<${name}><ObjectRef PageRef="1">${objectId}</ObjectRef></${name}>` : '';
    };
    files['Doc_0/Tags/CustomTags.xml'] = utf8(
      `<?xml version="1.0" encoding="UTF-8"?><ofd:CustomTags ${OFD_NS}><ofd:CustomTag TypeID="eInvoice" NameSpace="http://www.edrm.org.cn/schema/e-invoice/2019"><ofd:FileLoc>CustomTag.xml</ofd:FileLoc></ofd:CustomTag></ofd:CustomTags>`,
    );
    files['Doc_0/Tags/CustomTag.xml'] = utf8(
      `<?xml version="1.0" encoding="UTF-8"?><eInvoice xmlns="http://www.edrm.org.cn/schema/e-invoice/2019">${ref('InvoiceNo', spec.number)}${ref('InvoiceCode', spec.code)}<Buyer>${ref('BuyerName', spec.buyerName)}${ref('BuyerTaxID', spec.buyerTaxId)}</Buyer><Seller>${ref('SellerName', spec.sellerName)}${ref('SellerTaxID', spec.sellerTaxId)}</Seller>${ref('TaxExclusiveTotalAmount', yuan(spec.amount))}${ref('TaxTotalAmount', yuan(spec.taxAmount))}</eInvoice>`,
    );
  }
  return zipSync(files);
}

// ---------------------------------------------------------------------------------------------------------------
// Photos
// ---------------------------------------------------------------------------------------------------------------

/** A small deterministic random source (mulberry32), so a failing photo fails the same way every run. */
export function randomOf(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface PhotoOptions {
  /** The QR text on the paper; none when undefined. */
  qr?: string;
  format: 'jpeg' | 'png';
  width?: number;
  height?: number;
  /** Degrees, clockwise: whole quarter turns turn the frame too. */
  angle?: number;
  /** Noise, as a share of the full scale (0.1: ±25 levels). */
  noise?: number;
  /** Box blur radius in pixels. */
  blur?: number;
  /** Uneven light: the darkest corner keeps this share less of the light. */
  shade?: number;
  /** Pixels per QR module. */
  module?: number;
  seed?: number;
}

/** A photo of a fapiao lying on a desk: paper with lines of print and the QR code, turned, shaded, blurred, noisy. */
export async function photo(options: PhotoOptions): Promise<Buffer> {
  const { width = 1200, height = 1600, angle = 0, noise = 0, blur = 0, shade = 0, module = 5, seed = 1 } = options;
  const random = randomOf(seed);
  const paper = new Uint8Array(width * height).fill(228);
  // Lines of print: dark dashes in rows, away from the QR code's corner.
  for (let row = 0; row < 40; row++) {
    const y = 520 + row * 26;
    if (y + 10 >= height) break;
    for (let x = 60; x < width - 80; x += 14 + Math.floor(random() * 20)) {
      const w = 6 + Math.floor(random() * 12);
      for (let yy = y; yy < y + 10; yy++) paper.fill(40, yy * width + x, yy * width + Math.min(width, x + w));
    }
  }
  if (options.qr !== undefined) {
    const png = PNG.sync.read(await qrPng(options.qr, 1));
    const scale = module;
    for (let y = 0; y < png.height * scale; y++) {
      for (let x = 0; x < png.width * scale; x++) {
        const p = (Math.floor(y / scale) * png.width + Math.floor(x / scale)) * 4;
        // bwip-js draws the dark modules on a transparent ground.
        paper[(120 + y) * width + 120 + x] = png.data[p + 3]! > 128 && png.data[p]! < 128 ? 25 : 235;
      }
    }
  }
  let img: Grey = { data: paper, width, height };
  for (let turn = 0; turn < Math.floor(angle / 90); turn++) img = quarterTurned(img);
  // Turned about a point near the code, so a large turn does not carry it out of the frame.
  if (angle % 90) img = rotated(img, angle % 90, 70);
  if (shade) {
    for (let y = 0; y < img.height; y++) {
      for (let x = 0; x < img.width; x++) {
        const light = 1 - shade * ((x / img.width + y / img.height) / 2);
        img.data[y * img.width + x] = img.data[y * img.width + x]! * light;
      }
    }
  }
  for (let i = 0; i < blur; i++) img = boxBlurred(img);
  if (noise) {
    for (let i = 0; i < img.data.length; i++) img.data[i] = img.data[i]! + (random() * 2 - 1) * noise * 255;
  }
  const rgba = Buffer.alloc(img.width * img.height * 4);
  for (let i = 0; i < img.data.length; i++) {
    rgba[i * 4] = img.data[i]!;
    rgba[i * 4 + 1] = Math.min(255, img.data[i]! + 6);
    rgba[i * 4 + 2] = Math.max(0, img.data[i]! - 10);
    rgba[i * 4 + 3] = 255;
  }
  if (options.format === 'jpeg') return jpeg.encode({ data: rgba, width: img.width, height: img.height }, 85).data;
  const png = new PNG({ width: img.width, height: img.height });
  rgba.copy(png.data);
  return PNG.sync.write(png);
}

/** Turned a quarter clockwise, the frame with it. */
function quarterTurned(img: Grey): Grey {
  const { width, height, data } = img;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) out[x * height + (height - 1 - y)] = data[y * width + x]!;
  }
  return { data: out, width: height, height: width };
}

/** Turned (bilinear) about a point near the top left, where the code lies; what comes in is the desk's grey. */
function rotated(img: Grey, degrees: number, desk: number): Grey {
  const { width, height, data } = img;
  const out = new Uint8Array(width * height);
  const r = (degrees * Math.PI) / 180;
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  const cx = Math.min(width / 2, 300);
  const cy = Math.min(height / 2, 300);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sx = cos * (x - cx) + sin * (y - cy) + cx;
      const sy = -sin * (x - cx) + cos * (y - cy) + cy;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 + 1 >= width || y0 + 1 >= height) {
        out[y * width + x] = desk;
        continue;
      }
      const fx = sx - x0;
      const fy = sy - y0;
      const at = (xx: number, yy: number) => data[yy * width + xx]!;
      const top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx;
      const bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx;
      out[y * width + x] = top * (1 - fy) + bottom * fy;
    }
  }
  return { data: out, width, height };
}

/** One pass of a 3 × 3 box blur. */
function boxBlurred(img: Grey): Grey {
  const { width, height, data } = img;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          sum += data[yy * width + xx]!;
          n++;
        }
      }
      out[y * width + x] = sum / n;
    }
  }
  return { data: out, width, height };
}

/** A picture's header claiming `width` × `height` pixels, with no pixel data behind it (the CRC still right). */
export async function hugePngHeader(width: number, height: number): Promise<Buffer> {
  const { crc32 } = await import('node:zlib');
  const small = Buffer.from(PNG.sync.write(new PNG({ width: 1, height: 1 })));
  small.writeUInt32BE(width, 16);
  small.writeUInt32BE(height, 20);
  small.writeUInt32BE(crc32(small.subarray(12, 29)), 29);
  return small;
}

/**
 * What reading a file made from the spec should answer: the spec's fields less the ones named (those the format
 * does not carry), a rail ticket's fare as its total, and the deductible VAT the contracts' formula gives.
 */
export function expectedFields(spec: FapiaoSpec, without: readonly ReadField[] = []): Partial<ReadFields> {
  const fields = specFields(spec);
  for (const f of without) delete fields[f];
  if (fields.type === 'rail' && fields.fare === undefined && fields.total !== undefined) fields.fare = fields.total;
  const zero = { amount: '0', taxAmount: '0', fuelAmount: '0' };
  const vat =
    fields.type === 'digital_special'
      ? fields.taxAmount && deductibleVat({ ...zero, type: fields.type, taxAmount: fields.taxAmount })
      : fields.type === 'rail'
        ? fields.fare && deductibleVat({ ...zero, type: 'rail', amount: fields.fare })
        : fields.type === 'air'
          ? fields.fare &&
            fields.fuelSurcharge &&
            deductibleVat({ ...zero, type: 'air', amount: fields.fare, fuelAmount: fields.fuelSurcharge })
          : '0.00';
  if (vat) fields.deductibleVat = vat;
  return fields;
}
