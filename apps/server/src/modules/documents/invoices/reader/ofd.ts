import {
  dateOf,
  type FapiaoRead,
  FieldSet,
  qrFields,
  type ReadFields,
  ReadRefused,
  toMoney,
  toName,
  toTaxId,
} from './fields';
import { decodePicture } from './image';
import { estimatedWidth, linesOf, type PlacedText, textFields } from './labels';
import { cpuMs, findQr } from './qr';
import { all, at, attr, decodeXml, one, parseXml, putFapiaoXml, textOf, type XmlNode } from './xml';
import { openZip, type ZipArchive } from './zip';

/**
 * An OFD (GB/T 33190, China's fixed-layout format): a zip whose `OFD.xml` names each document's `Document.xml`,
 * which lists its pages' `Content.xml`, its template pages, its attachments and its custom tags. An e-fapiao OFD
 * gives its fields in up to five ways, read strongest first: the QR code image, an attached fapiao XML (the fully
 * digital one's, or the older `original_invoice.xml`), the document's custom data (`CustomData` named 发票号码 …),
 * the custom tags (`CustomTag.xml`: field names pointing at the page's text objects), and the printed text of the
 * first page with its template.
 */

/** Only the first pages are read: a fapiao is one page, its continuation lists hold no further field. */
const MAX_PAGES = 2;
/** Images tried for the QR code, and their largest packed size. */
const MAX_IMAGES = 4;
const MAX_IMAGE_BYTES = 4 * 1024 * 1024;
const QR_BUDGET_MS = 300;

/** A path in the package: absolute from the root when it starts with `/`, else relative to `base` (a folder). */
function resolve(base: string, path: string): string {
  const parts = (path.startsWith('/') ? path : `${base}/${path}`).split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '' || p === '.') continue;
    if (p === '..') out.pop();
    else out.push(p);
  }
  return out.join('/');
}

const folderOf = (path: string) => path.split('/').slice(0, -1).join('/');

function xmlAt(zip: ZipArchive, path: string): Record<string, XmlNode> | undefined {
  const bytes = zip.read(path);
  return bytes ? parseXml(decodeXml(bytes)) : undefined;
}

/** What the custom data of `OFD.xml` names, by the names fully digital OFDs give them. */
const CUSTOM_DATA: Record<string, (value: string) => Partial<ReadFields>> = {
  发票号码: (v) => ({ number: /^(\d{8}|\d{20})$/.test(v) ? v : undefined }),
  发票代码: (v) => ({ code: /^(\d{10}|\d{12})$/.test(v) ? v : undefined }),
  开票日期: (v) => ({ invoiceDate: dateOf(v) }),
  校验码: (v) => ({ checkCode: /^\d{20}$/.test(v.replace(/\s/g, '')) ? v.replace(/\s/g, '') : undefined }),
  购买方名称: (v) => ({ buyerName: toName(v) }),
  购买方纳税人识别号: (v) => ({ buyerTaxId: toTaxId(v) }),
  销售方名称: (v) => ({ sellerName: toName(v) }),
  销售方纳税人识别号: (v) => ({ sellerTaxId: toTaxId(v) }),
  合计金额: (v) => ({ amount: toMoney(v) }),
  合计税额: (v) => ({ taxAmount: toMoney(v) }),
  价税合计: (v) => ({ total: toMoney(v) }),
};

/** The custom tags' field names (the e-invoice/2019 names) and how their text reads. */
const TAGGED: Record<string, (value: string) => Partial<ReadFields>> = {
  InvoiceCode: CUSTOM_DATA.发票代码!,
  InvoiceNo: CUSTOM_DATA.发票号码!,
  IssueDate: CUSTOM_DATA.开票日期!,
  InvoiceCheckCode: CUSTOM_DATA.校验码!,
  BuyerName: CUSTOM_DATA.购买方名称!,
  BuyerTaxID: CUSTOM_DATA.购买方纳税人识别号!,
  SellerName: CUSTOM_DATA.销售方名称!,
  SellerTaxID: CUSTOM_DATA.销售方纳税人识别号!,
  TaxExclusiveTotalAmount: CUSTOM_DATA.合计金额!,
  TaxTotalAmount: CUSTOM_DATA.合计税额!,
  TaxInclusiveTotalAmount: CUSTOM_DATA.价税合计!,
};

interface Page {
  runs: PlacedText[];
  /** Text objects by their ID, for the custom tags. */
  byId: Map<string, string>;
  /** Image objects' resource IDs. */
  images: string[];
}

/** The text and image objects of a page's content, in millimetres from the top left (OFD's own unit). */
function pageObjects(content: XmlNode | undefined, page: Page): void {
  const walk = (node: XmlNode | undefined) => {
    for (const text of all(node, 'TextObject')) {
      const [bx = 0, by = 0] = (attr(text, 'Boundary') ?? '').split(/\s+/).map(Number);
      const size = Number(attr(text, 'Size') ?? '3.5') || 3.5;
      const codes = all(text, 'TextCode');
      const whole = codes.map((c) => textOf(c) ?? '').join('');
      const id = attr(text, 'ID');
      if (id) page.byId.set(id, whole);
      for (const code of codes) {
        const value = textOf(code) ?? '';
        const advances = (attr(code, 'DeltaX') ?? '').split(/\s+/).filter((d) => /^[\d.]+$/.test(d));
        const width = advances.length
          ? advances.reduce((s, d) => s + Number(d), 0) + size
          : estimatedWidth(value, size);
        page.runs.push({
          text: value,
          x: bx + Number(attr(code, 'X') ?? 0),
          y: by + Number(attr(code, 'Y') ?? 0),
          width,
          size,
        });
      }
    }
    for (const image of all(node, 'ImageObject')) {
      const ref = attr(image, 'ResourceID');
      if (ref) page.images.push(ref);
    }
    for (const block of all(node, 'PageBlock')) walk(block);
  };
  for (const layer of all(one(content, 'Content'), 'Layer')) walk(layer);
}

/** The image files the document's resources declare, by resource ID. */
function mediaFiles(zip: ZipArchive, docFolder: string, doc: XmlNode | undefined): Map<string, string> {
  const files = new Map<string, string>();
  const common = one(doc, 'CommonData');
  for (const name of ['DocumentRes', 'PublicRes']) {
    for (const loc of all(common, name)) {
      const path = resolve(docFolder, textOf(loc) ?? '');
      const res = xmlAt(zip, path)?.Res;
      const base = resolve(folderOf(path), attr(res, 'BaseLoc') ?? '');
      for (const media of all(one(res, 'MultiMedias'), 'MultiMedia')) {
        const id = attr(media, 'ID');
        const file = at(media, 'MediaFile');
        if (id && file) files.set(id, resolve(base, file));
      }
    }
  }
  return files;
}

/** The QR text of the first image that holds a fapiao QR code. */
function qrOfImages(zip: ZipArchive, paths: string[]): Partial<ReadFields> | undefined {
  const deadline = cpuMs() + QR_BUDGET_MS;
  for (const path of paths.slice(0, MAX_IMAGES)) {
    const kind = /\.png$/i.test(path) ? 'png' : /\.jpe?g$/i.test(path) ? 'jpeg' : undefined;
    if (!kind) continue;
    const bytes = zip.read(path);
    if (!bytes || bytes.length > MAX_IMAGE_BYTES) continue;
    try {
      const text = findQr(decodePicture(bytes, kind), deadline);
      const fields = text === undefined ? undefined : qrFields(text);
      if (fields) return fields;
    } catch (error) {
      // A damaged or oversized picture inside the OFD costs its QR code, not the rest of the read.
      if (!(error instanceof ReadRefused)) throw error;
    }
    if (cpuMs() > deadline) break;
  }
  return undefined;
}

/** Reads an OFD file. */
export function readOfd(data: Uint8Array): FapiaoRead {
  const zip = openZip(data);
  const entry = zip.names.find((n) => n.replace(/^\/+/, '').toLowerCase() === 'ofd.xml');
  if (!entry) throw new ReadRefused('unsupported');
  const ofd = xmlAt(zip, entry)?.OFD;
  const body = one(ofd, 'DocBody');
  const docPath = resolve('', at(body, 'DocRoot') ?? '');
  const doc = docPath ? xmlAt(zip, docPath)?.Document : undefined;
  if (!doc) throw new ReadRefused('unreadable');
  const docFolder = folderOf(docPath);
  const set = new FieldSet();

  // Pages, with their template pages' text (the labels often sit in the template).
  const templates = new Map(
    all(one(doc, 'CommonData'), 'TemplatePage').map((t) => [attr(t, 'ID') ?? '', attr(t, 'BaseLoc') ?? '']),
  );
  const page: Page = { runs: [], byId: new Map(), images: [] };
  for (const p of all(one(doc, 'Pages'), 'Page').slice(0, MAX_PAGES)) {
    const path = resolve(docFolder, attr(p, 'BaseLoc') ?? '');
    const content = xmlAt(zip, path)?.Page;
    for (const t of all(content, 'Template')) {
      const loc = templates.get(attr(t, 'TemplateID') ?? '');
      if (loc) pageObjects(xmlAt(zip, resolve(docFolder, loc))?.Page, page);
    }
    pageObjects(content, page);
  }

  const media = mediaFiles(zip, docFolder, doc);
  const qr = qrOfImages(
    zip,
    page.images.flatMap((id) => media.get(id) ?? []),
  );
  if (qr) set.putAll(qr, 'qr');

  // Attached fapiao data: the declared attachments, then any XML in a folder named for attachments.
  const attachments = at(doc, 'Attachments');
  const declared = attachments
    ? all(xmlAt(zip, resolve(docFolder, attachments))?.Attachments, 'Attachment').map((a) =>
        resolve(folderOf(resolve(docFolder, attachments)), at(a, 'FileLoc') ?? ''),
      )
    : [];
  const attached = [...declared, ...zip.names.filter((n) => /(^|\/)attachs?\//i.test(n))];
  for (const path of new Set(attached.filter((p) => /\.xml$/i.test(p)))) {
    const xml = xmlAt(zip, path);
    if (xml) putFapiaoXml(xml, set);
  }

  for (const item of all(one(one(body, 'DocInfo'), 'CustomDatas'), 'CustomData')) {
    const read = CUSTOM_DATA[attr(item, 'Name') ?? ''];
    const value = textOf(item)?.trim();
    if (read && value) set.putAll(read(value), 'xml');
  }

  const tagsLoc = at(doc, 'CustomTags');
  if (tagsLoc) {
    const tagsPath = resolve(docFolder, tagsLoc);
    for (const tag of all(xmlAt(zip, tagsPath)?.CustomTags, 'CustomTag')) {
      const file = at(tag, 'FileLoc');
      const tagged = file ? xmlAt(zip, resolve(folderOf(tagsPath), file))?.eInvoice : undefined;
      putTagged(tagged, page, set);
    }
  }

  set.putAll(textFields(linesOf(page.runs), set.fields.type), 'text');
  if (!set.has('number')) throw new ReadRefused('notFapiao');
  return set.finish('ofd');
}

/** The custom tags' fields: each names the text objects that print it (`ObjectRef`), nested under Buyer or Seller. */
function putTagged(node: XmlNode | undefined, page: Page, set: FieldSet): void {
  if (node === undefined || typeof node === 'string') return;
  for (const [name, child] of Object.entries(node)) {
    if (name.startsWith('@_') || child === undefined) continue;
    for (const c of Array.isArray(child) ? child : [child]) {
      const refs = all(c, 'ObjectRef').map((r) => page.byId.get(textOf(r)?.trim() ?? '') ?? '');
      const read = TAGGED[name];
      if (read && refs.length) set.putAll(read(refs.join('').trim()), 'xml');
      else if (!refs.length) putTagged(c, page, set);
    }
  }
}
