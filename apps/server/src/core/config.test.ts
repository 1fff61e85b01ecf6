import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults: port 3000, embedded database under ./data, demo data outside production', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.loadDemoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).loadDemoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', LOAD_DEMO_DATA: 'true' }).loadDemoData).toBe(true);
  });

  it('names every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const message = (err as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL: must start with postgres://');
      expect(message).toContain('JWT_SECRET: must be at least 32 characters');
    }
  });

  it('refuses production on PostgreSQL without a signing secret, which every instance must share', () => {
    const url = 'postgresql://app@db:5432/ems';
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: url })).toThrow(
      /JWT_SECRET: required in production/,
    );
    const secret = 'x'.repeat(32);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: url, JWT_SECRET: secret }).jwtSecret).toBe(secret);
    // One process on the embedded database, or outside production: the generated secret is enough.
    expect(loadConfig({ NODE_ENV: 'production' }).jwtSecret).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: url }).jwtSecret).toBeUndefined();
  });

  it('reads the sender of notices as a display name and an address, the product’s name when only an address', () => {
    expect(loadConfig({}).mailFrom).toEqual({ name: '费用管理系统', address: 'no-reply@localhost' });
    expect(loadConfig({ MAIL_FROM: '"华康医药 费用" <notices@huakang.cn>' }).mailFrom).toEqual({
      name: '华康医药 费用',
      address: 'notices@huakang.cn',
    });
    expect(loadConfig({ MAIL_FROM: 'notices@huakang.cn' }).mailFrom).toEqual({
      name: '费用管理系统',
      address: 'notices@huakang.cn',
    });
    expect(() => loadConfig({ MAIL_FROM: 'Expenses <not an address>' })).toThrow(/MAIL_FROM: must be an e-mail/);
  });

  it('bounds the time a shutdown may take', () => {
    expect(loadConfig({}).shutdownTimeoutMs).toBe(30_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '5000' }).shutdownTimeoutMs).toBe(5000);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '10' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
  });

  it('checks key files and client lists', () => {
    expect(() => loadConfig({ SSO_PUBLIC_KEY_FILE: '/nowhere/key.pem' })).toThrow(/SSO_PUBLIC_KEY_FILE/);
    expect(() => loadConfig({ OPENAPI_CLIENTS: '[{"ClientId":"x"}]' })).toThrow(/OPENAPI_CLIENTS/);
  });

  it('takes a replica only beside a PostgreSQL primary, with its retry and lag limits', () => {
    expect(loadConfig({}).replica).toBeUndefined();
    expect(() => loadConfig({ REPLICA_DATABASE_URL: 'postgresql://r/ems' })).toThrow(/REPLICA_DATABASE_URL: needs/);
    expect(() => loadConfig({ DATABASE_URL: 'postgresql://p/ems', REPLICA_DATABASE_URL: 'mysql://r' })).toThrow(
      /REPLICA_DATABASE_URL: must start with postgres/,
    );
    const both = { DATABASE_URL: 'postgresql://p/ems', REPLICA_DATABASE_URL: 'postgresql://r/ems' };
    expect(loadConfig(both).replica).toEqual({ url: 'postgresql://r/ems', retrySeconds: 30, maxLagSeconds: 30 });
    expect(loadConfig({ ...both, REPLICA_RETRY_SECONDS: '5', REPLICA_MAX_LAG_SECONDS: '0' }).replica).toMatchObject({
      retrySeconds: 5,
      maxLagSeconds: 0,
    });
    expect(() => loadConfig({ ...both, REPLICA_RETRY_SECONDS: '0' })).toThrow(/REPLICA_RETRY_SECONDS/);
  });

  it('trusts no proxy unless told which: a hop count or addresses/CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['true', '0', '10.0.0.0/33', 'proxy.example', '10.0.0.1,nonsense', ','])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });
});
