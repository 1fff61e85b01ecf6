import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { csvText, sendXlsx } from './export';

describe('sendXlsx', () => {
  it('answers with an error, not a 200 with a cut-off file, when the rows fail before the first one', async () => {
    const app = Fastify();
    app.post('/x', async (_req, reply) => {
      const rows = (async function* () {
        yield* [];
        throw new Error('the query failed on its filters');
      })();
      return sendXlsx(reply, 'x.xlsx', 'x', [{ header: 'A', value: (r: { a: string }) => r.a }], rows);
    });
    const res = await app.inject({ method: 'POST', url: '/x' });
    expect(res.statusCode).toBe(500);
    expect(String(res.headers['content-type'])).not.toContain('spreadsheetml');
    await app.close();
  });

  it('streams every row of a good export', async () => {
    const app = Fastify();
    app.post('/x', async (_req, reply) =>
      sendXlsx(reply, 'x.xlsx', 'x', [{ header: 'A', value: (r: { a: string }) => r.a }], [{ a: '1' }, { a: '2' }]),
    );
    const res = await app.inject({ method: 'POST', url: '/x' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    await app.close();
  });
});

describe('csvText', () => {
  it('quotes what needs it and neutralises text that would start a formula, keeping amounts numbers', () => {
    const text = csvText([
      ['payee', 'bank', 'amount'],
      ['张伟', '=HYPERLINK("http://x","y")', '-12.00'],
      ['a,b', '@cmd', 3.5],
      ['line\nbreak', '\t=1', null],
    ]);
    expect(text).toBe(
      'payee,bank,amount\n' +
        '张伟,"\'=HYPERLINK(""http://x"",""y"")",-12.00\n' +
        '"a,b",\'@cmd,3.5\n' +
        '"line\nbreak",\'\t=1,\n',
    );
  });
});
