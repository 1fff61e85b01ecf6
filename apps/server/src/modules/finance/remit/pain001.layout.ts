import { addMoney } from '@ems/contracts';
import type { BankLayout, BankLine } from './bank-file';

/**
 * ISO 20022 customer credit transfer initiation, pain.001.001.03 (docs/decisions/048): one group header, one payment
 * information block per currency (the debtor's account, its branch by CNAPS code), one credit transfer per bank line
 * with its end-to-end id, the amount as a decimal string in its currency, and the payee's branch as the creditor
 * agent's clearing-system member id under the clearing system code `CNAPS`.
 */
export const PAIN001_NS = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03';

const esc = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
/** Max140Text and Max35Text: the schema's lengths, counted in characters. */
const text = (v: string, max: number) => esc([...v].slice(0, max).join(''));

function agent(cnaps: string | null, name: string | null, pad: string) {
  const member = cnaps
    ? `${pad}  <ClrSysMmbId><ClrSysId><Cd>CNAPS</Cd></ClrSysId><MmbId>${esc(cnaps)}</MmbId></ClrSysMmbId>\n`
    : '';
  const nm = name ? `${pad}  <Nm>${text(name, 140)}</Nm>\n` : '';
  return `${pad}<FinInstnId>\n${member}${nm}${pad}</FinInstnId>\n`;
}

function transfer(l: BankLine): string {
  const p = '        ';
  return (
    `      <CdtTrfTxInf>\n` +
    `${p}<PmtId><InstrId>${text(l.endToEndId, 35)}</InstrId><EndToEndId>${text(l.endToEndId, 35)}</EndToEndId></PmtId>\n` +
    `${p}<Amt><InstdAmt Ccy="${esc(l.currency)}">${l.amount}</InstdAmt></Amt>\n` +
    `${p}<CdtrAgt>\n${agent(l.bankCnaps, l.bankBranch ?? l.bankName, `${p}  `)}${p}</CdtrAgt>\n` +
    `${p}<Cdtr><Nm>${text(l.payeeName, 140)}</Nm></Cdtr>\n` +
    `${p}<CdtrAcct><Id><Othr><Id>${text(l.bankAccount, 34)}</Id></Othr></Id></CdtrAcct>\n` +
    `${p}<RmtInf><Ustrd>${text(l.reference, 140)}</Ustrd></RmtInf>\n` +
    `      </CdtTrfTxInf>\n`
  );
}

export const pain001Layout: BankLayout = {
  code: 'pain001',
  extension: 'xml',
  render(file) {
    const byCurrency = new Map<string, BankLine[]>();
    for (const l of file.lines) {
      const same = byCurrency.get(l.currency);
      if (same) same.push(l);
      else byCurrency.set(l.currency, [l]);
    }
    const d = file.debtor;
    const blocks = [...byCurrency].map(([currency, lines]) => {
      const p = '      ';
      return (
        `    <PmtInf>\n` +
        `${p}<PmtInfId>${text(`${file.runNo}-${currency}`, 35)}</PmtInfId>\n` +
        `${p}<PmtMtd>TRF</PmtMtd>\n` +
        `${p}<BtchBookg>false</BtchBookg>\n` +
        `${p}<NbOfTxs>${lines.length}</NbOfTxs>\n` +
        `${p}<CtrlSum>${addMoney('0', ...lines.map((l) => l.amount))}</CtrlSum>\n` +
        `${p}<PmtTpInf><InstrPrty>${file.method === 'urgent' ? 'HIGH' : 'NORM'}</InstrPrty></PmtTpInf>\n` +
        `${p}<ReqdExctnDt>${file.creditingDate}</ReqdExctnDt>\n` +
        `${p}<Dbtr><Nm>${text(d?.name ?? '', 140)}</Nm></Dbtr>\n` +
        `${p}<DbtrAcct><Id><Othr><Id>${text(d?.accountNo ?? '', 34)}</Id></Othr></Id><Ccy>${esc(d?.currency ?? currency)}</Ccy></DbtrAcct>\n` +
        `${p}<DbtrAgt>\n${agent(d?.cnaps ?? null, d?.bankName ?? null, `${p}  `)}${p}</DbtrAgt>\n` +
        lines.map(transfer).join('') +
        `    </PmtInf>\n`
      );
    });
    return (
      `<?xml version="1.0" encoding="UTF-8"?>\n` +
      `<Document xmlns="${PAIN001_NS}">\n` +
      `  <CstmrCdtTrfInitn>\n` +
      `    <GrpHdr>\n` +
      `      <MsgId>${text(file.runNo, 35)}</MsgId>\n` +
      `      <CreDtTm>${file.createdAt.slice(0, 19)}</CreDtTm>\n` +
      `      <NbOfTxs>${file.lines.length}</NbOfTxs>\n` +
      `      <CtrlSum>${file.total}</CtrlSum>\n` +
      `      <InitgPty><Nm>${text(d?.name ?? file.runNo, 140)}</Nm></InitgPty>\n` +
      `    </GrpHdr>\n` +
      blocks.join('') +
      `  </CstmrCdtTrfInitn>\n` +
      `</Document>\n`
    );
  },
};
