import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../core/config';
import { type BankFile, bankGateway, configuredLayout, renderBankFile } from './bank.gateway';
import { bankLink, bankLinkSimulator, simulatedFailures } from './bank-link.gateway';
import { GENERIC_CSV_HEADER } from './generic-csv.layout';
import { PAIN001_NS } from './pain001.layout';

const line = {
  lineNo: 1,
  endToEndId: 'RM000007-0001',
  payeeName: '张, "伟"',
  bankName: '招商银行',
  bankCnaps: '308100005019',
  bankBranch: '招商银行股份有限公司北京分行',
  bankAccount: '6225001',
  amount: '300.35',
  currency: 'CNY',
  reference: 'D1, D2',
};
const file: BankFile = {
  runNo: 'RM000007',
  createdAt: '2026-11-25T02:03:04.000Z',
  creditingDate: '2026-11-25',
  method: 'urgent',
  total: '1300.35',
  debtor: {
    name: '示例医药有限公司',
    accountNo: '110900000010101',
    bankName: '招商银行',
    cnaps: '308100005027',
    currency: 'CNY',
  },
  lines: [
    line,
    { ...line, lineNo: 2, endToEndId: 'RM000007-0002', payeeName: 'A & <B>', amount: '1000.00', reference: '=SUM(A1)' },
  ],
};

/** A small strict XML reader: elements, attributes, text; throws on anything not well-formed. */
type Node = { name: string; attrs: Record<string, string>; children: Node[]; text: string };
function parseXml(xml: string): Node {
  let i = xml.startsWith('<?xml') ? xml.indexOf('?>') + 2 : 0;
  const root: Node = { name: '#root', attrs: {}, children: [], text: '' };
  const stack: Node[] = [root];
  const xmlUnescape = (t: string) => {
    if (/&(?!(amp|lt|gt|quot|apos);)/.test(t)) throw new Error(`bad entity in ${t}`);
    return t
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  };
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt === -1 ? xml.length : lt);
    if (text.includes('>')) throw new Error('stray >');
    stack.at(-1)!.text += xmlUnescape(text).trim();
    if (lt === -1) break;
    const gt = xml.indexOf('>', lt);
    const tag = xml.slice(lt + 1, gt);
    i = gt + 1;
    if (tag.startsWith('/')) {
      const open = stack.pop()!;
      if (open.name !== tag.slice(1)) throw new Error(`</${tag.slice(1)}> closes <${open.name}>`);
      continue;
    }
    const self = tag.endsWith('/');
    const m = /^([A-Za-z][\w.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*\/?$/.exec(tag);
    if (!m) throw new Error(`bad tag <${tag}>`);
    const attrs: Record<string, string> = {};
    for (const a of m[2]!.matchAll(/([\w:.-]+)="([^"]*)"/g)) attrs[a[1]!] = xmlUnescape(a[2]!);
    const node: Node = { name: m[1]!, attrs, children: [], text: '' };
    stack.at(-1)!.children.push(node);
    if (!self) stack.push(node);
  }
  if (stack.length !== 1 || root.children.length !== 1) throw new Error('not one closed root element');
  return root.children[0]!;
}
const child = (n: Node, name: string) => {
  const c = n.children.find((x) => x.name === name);
  if (!c) throw new Error(`<${n.name}> has no <${name}>`);
  return c;
};
const path = (n: Node, ...names: string[]) => names.reduce(child, n);
const all = (n: Node, name: string) => n.children.filter((x) => x.name === name);

describe('bank file layouts', () => {
  it('writes the generic CSV with the end-to-end id, CNAPS code and branch, the currency, and cells quoted and formula-safe', () => {
    const [header, first, second] = renderBankFile(file, 'generic_csv').trim().split('\n');
    expect(header).toBe(GENERIC_CSV_HEADER.join(','));
    expect(first).toBe(
      'RM000007,1,RM000007-0001,2026-11-25,URGENT,110900000010101,"张, ""伟""",招商银行,308100005019,招商银行股份有限公司北京分行,6225001,300.35,CNY,"D1, D2"',
    );
    expect(second).toContain(",1000.00,CNY,'=SUM(A1)");
  });

  it('writes ISO 20022 pain.001.001.03: well-formed, group header, payment information, the totals and counts agree', () => {
    const doc = parseXml(renderBankFile(file, 'pain001'));
    expect(doc.name).toBe('Document');
    expect(doc.attrs.xmlns).toBe(PAIN001_NS);
    const init = child(doc, 'CstmrCdtTrfInitn');
    const hdr = child(init, 'GrpHdr');
    expect(child(hdr, 'MsgId').text).toBe('RM000007');
    expect(child(hdr, 'CreDtTm').text).toBe('2026-11-25T02:03:04');
    expect(path(hdr, 'InitgPty', 'Nm').text).toBe('示例医药有限公司');
    const blocks = all(init, 'PmtInf');
    expect(blocks).toHaveLength(1);
    const pmt = blocks[0]!;
    // The schema's order of the payment information's elements.
    expect(pmt.children.map((c) => c.name)).toEqual([
      'PmtInfId',
      'PmtMtd',
      'BtchBookg',
      'NbOfTxs',
      'CtrlSum',
      'PmtTpInf',
      'ReqdExctnDt',
      'Dbtr',
      'DbtrAcct',
      'DbtrAgt',
      'CdtTrfTxInf',
      'CdtTrfTxInf',
    ]);
    expect(child(pmt, 'PmtMtd').text).toBe('TRF');
    expect(path(pmt, 'PmtTpInf', 'InstrPrty').text).toBe('HIGH');
    expect(path(pmt, 'DbtrAgt', 'FinInstnId', 'ClrSysMmbId', 'MmbId').text).toBe('308100005027');
    const txs = all(pmt, 'CdtTrfTxInf');
    // Counts and control sums agree with the transactions, in the header and the block.
    expect(child(hdr, 'NbOfTxs').text).toBe(String(txs.length));
    expect(child(pmt, 'NbOfTxs').text).toBe(String(txs.length));
    const sum = txs.map((t) => path(t, 'Amt', 'InstdAmt').text);
    expect(sum).toEqual(['300.35', '1000.00']);
    expect(child(hdr, 'CtrlSum').text).toBe('1300.35');
    expect(child(pmt, 'CtrlSum').text).toBe('1300.35');
    const [t1, t2] = txs;
    expect(t1!.children.map((c) => c.name)).toEqual(['PmtId', 'Amt', 'CdtrAgt', 'Cdtr', 'CdtrAcct', 'RmtInf']);
    expect(path(t1!, 'PmtId', 'EndToEndId').text).toBe('RM000007-0001');
    expect(path(t1!, 'Amt', 'InstdAmt').attrs.Ccy).toBe('CNY');
    const member = path(t1!, 'CdtrAgt', 'FinInstnId', 'ClrSysMmbId');
    expect(path(member, 'ClrSysId', 'Cd').text).toBe('CNAPS');
    expect(child(member, 'MmbId').text).toBe('308100005019');
    expect(path(t1!, 'Cdtr', 'Nm').text).toBe('张, "伟"');
    expect(path(t1!, 'CdtrAcct', 'Id', 'Othr', 'Id').text).toBe('6225001');
    expect(path(t2!, 'Cdtr', 'Nm').text).toBe('A & <B>');
  });

  it('writes one payment information block per currency, each with its own count and sum', () => {
    const usd = {
      ...file,
      lines: [...file.lines, { ...line, lineNo: 3, endToEndId: 'RM000007-0003', currency: 'USD', amount: '12.50' }],
    };
    const blocks = all(child(parseXml(renderBankFile(usd, 'pain001')), 'CstmrCdtTrfInitn'), 'PmtInf');
    expect(blocks.map((b) => [child(b, 'PmtInfId').text, child(b, 'NbOfTxs').text, child(b, 'CtrlSum').text])).toEqual([
      ['RM000007-CNY', '2', '1300.35'],
      ['RM000007-USD', '1', '12.50'],
    ]);
  });

  it('refuses pain.001 for a run without a paying account', () => {
    expect(() => renderBankFile({ ...file, debtor: null }, 'pain001')).toThrow('remit.pain001_needs_payer_account');
  });

  it('is the bank’s layout in its folder when configured, else a CSV under the data folder', () => {
    const configured = loadConfig({ NODE_ENV: 'test', BANK_FILE_DIR: '/srv/bank/out', BANK_FILE_LAYOUT: 'xml' });
    expect(configured.bank).toEqual({ dir: '/srv/bank/out', layout: 'xml' });
    expect(configuredLayout('xml')).toBe('pain001');
    expect(bankGateway(configured).name).toBe('bank-file');
    const plain = loadConfig({ NODE_ENV: 'test' });
    expect(plain.bank).toBeUndefined();
    expect(bankGateway(plain).name).toBe('simulator');
  });
});

describe('the bank’s direct link', () => {
  it('is the simulator unless a status service is configured; the simulator fails the accounts it is told to', async () => {
    expect(bankLink(loadConfig({ NODE_ENV: 'test' })).name).toBe('simulator');
    expect(bankLink(loadConfig({ NODE_ENV: 'test', BANK_STATUS_URL: 'https://bank.example/api' })).name).toBe('http');
    const sim = bankLinkSimulator(simulatedFailures('6222000000004040=账户不存在, 6222=x=y'));
    const answers = await sim.status([
      { endToEndId: 'RM000001-0001', bankAccount: '6222000000004040', amount: '1.00', currency: 'CNY' },
      { endToEndId: 'RM000001-0002', bankAccount: '6222000000001111', amount: '2.00', currency: 'CNY' },
      { endToEndId: 'RM000001-0003', bankAccount: '6222', amount: '3.00', currency: 'CNY' },
    ]);
    expect(answers).toEqual([
      { endToEndId: 'RM000001-0001', status: 'failed', reason: '账户不存在' },
      { endToEndId: 'RM000001-0002', status: 'paid', reason: null },
      { endToEndId: 'RM000001-0003', status: 'failed', reason: 'x=y' },
    ]);
  });
});
