import { describe, expect, it } from 'vitest';
import { httpInvoiceService, invoiceService, invoiceSimulator } from './invoice.gateway';

const FAPIAO = {
  type: 'vat_normal' as const,
  code: '031001900111',
  number: '04567890',
  invoiceDate: '2026-11-01',
  amount: '56.60',
  checkCode: '12345678901234567890',
};

/** A provider answering with `body`, recording what it was asked. */
function provider(body: unknown, status = 200) {
  const asked: { url: string; body: unknown }[] = [];
  const fetcher = (async (url: string, init?: RequestInit) => {
    asked.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { asked, fetcher };
}

describe('invoice service adapters', () => {
  it('uses the simulator until a base address is configured', () => {
    expect(invoiceService(undefined)).toBe(invoiceSimulator);
    expect(invoiceService('https://invoice.example.cn').name).toBe('http');
  });

  it('sends code, number, date, amount and the check code’s last six digits, and keeps a valid answer', async () => {
    const p = provider({ result: 'valid' });
    const reply = await httpInvoiceService('https://invoice.example.cn/', p.fetcher).verify(FAPIAO);
    expect(reply).toEqual({ status: 'verified', message: null });
    expect(p.asked[0]).toEqual({
      url: 'https://invoice.example.cn/api/Invoice/Verify',
      body: { code: FAPIAO.code, number: FAPIAO.number, date: '20261101', amount: '56.60', checkCode: '567890' },
    });
  });

  it('keeps a refusal with its message, and leaves the fapiao "not verified" when the service fails', async () => {
    expect(
      await httpInvoiceService('https://x', provider({ result: 'invalid', message: '查无此票' }).fetcher).verify(
        FAPIAO,
      ),
    ).toEqual({
      status: 'failed',
      message: '查无此票',
    });
    expect(await httpInvoiceService('https://x', provider({}, 503).fetcher).verify(FAPIAO)).toEqual({
      status: 'not_verified',
      message: 'HTTP 503',
    });
    const down = (async () => {
      throw new Error('connect ECONNREFUSED');
    }) as typeof fetch;
    expect((await httpInvoiceService('https://x', down).verify(FAPIAO)).status).toBe('not_verified');
  });

  it('opens a session and names where a fapiao is shown', async () => {
    const p = provider({ token: 'tok-123', expiresIn: 60 });
    const service = httpInvoiceService('https://invoice.example.cn', p.fetcher);
    const s = await service.openSession(7);
    expect(s.token).toBe('tok-123');
    expect(p.asked[0]!.url).toBe('https://invoice.example.cn/api/Login/Index?user=7');
    expect(service.infoUrl(FAPIAO)).toBe(
      'https://invoice.example.cn/invoice/view?code=031001900111&number=04567890&date=2026-11-01',
    );
  });
});
