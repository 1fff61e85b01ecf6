import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { Messages } from './i18n';
import { installProblemHandler } from './problem';

/** An error as the PostgreSQL driver raises it, wrapped by the query builder as it does. */
function dbError(code: string, detail = '') {
  const cause = Object.assign(new Error('insert into "secret_table" values ($1)'), { code, detail });
  return Object.assign(new Error('Failed query: insert into "secret_table"'), { cause });
}

describe('the problem handler', () => {
  it('turns database errors only input can cause into 400/404/409, never leaking SQL', async () => {
    const app = Fastify();
    installProblemHandler(app, new Messages());
    const cases: [string, string, number, string][] = [
      ['22P02', '', 400, 'request.invalid_value'],
      ['22003', '', 400, 'request.invalid_value'],
      ['22008', '', 400, 'request.invalid_value'],
      ['22021', '', 400, 'request.invalid_value'],
      ['22001', '', 400, 'request.invalid_value'],
      ['23503', 'Key (team_id)=(99) is not present in table "team".', 404, 'common.not_found'],
      ['23503', 'Key (id)=(1) is still referenced from table "document".', 409, 'common.in_use'],
    ];
    for (const [i, [code, detail]] of cases.entries())
      app.post(`/e${i}`, async () => {
        throw dbError(code, detail);
      });
    app.post('/other', async () => {
      throw dbError('40001');
    });
    for (const [i, [code, , status, problem]] of cases.entries()) {
      const res = await app.inject({ method: 'POST', url: `/e${i}` });
      expect(res.statusCode, code).toBe(status);
      expect(res.json().code, code).toBe(problem);
      expect(res.body).not.toContain('secret_table');
    }
    const other = await app.inject({ method: 'POST', url: '/other' });
    expect(other.statusCode).toBe(500);
    expect(other.body).not.toContain('secret_table');
    await app.close();
  });
});

describe('validation errors', () => {
  it('name the bound a list, a number or a text went past', async () => {
    const { serializerCompiler, validatorCompiler } = await import('fastify-type-provider-zod');
    const { z } = await import('zod');
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const messages = new Messages();
    messages.load([
      { key: 'error.validation.too_big', culture: 'zh-CN', content: '不能超过 {{max}}' },
      { key: 'error.validation.too_small', culture: 'zh-CN', content: '不能小于 {{min}}' },
    ]);
    installProblemHandler(app, messages);
    const body = z.object({ IDs: z.array(z.number()).max(2), N: z.number().min(5), T: z.string().max(3) });
    app.post('/v', { schema: { body } }, async () => ({}));
    const res = await app.inject({ method: 'POST', url: '/v', payload: { IDs: [1, 2, 3], N: 1, T: 'abcd' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      expect.objectContaining({ field: 'IDs', code: 'validation.too_big', message: '不能超过 2' }),
      expect.objectContaining({ field: 'N', code: 'validation.too_small', message: '不能小于 5' }),
      expect.objectContaining({ field: 'T', code: 'validation.too_big', message: '不能超过 3' }),
    ]);
  });
});
