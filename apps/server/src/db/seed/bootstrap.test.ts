import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../core/db';
import { baseInfo, baseInfoType } from '../../modules/masterdata/reference.table';
import { seed } from './index';

describe('a first start without the demo', () => {
  it('makes one company whose finance can act at once: the chargeback and S.T. reasons are there', async () => {
    const database = await openDatabase({ pglite: await PGlite.create() });
    try {
      await database.migrate();
      const outcome = await seed(database.db, { loadDemoData: false, dataDir: '/nonexistent' });
      expect(outcome.demoLoaded).toBe(false);
      expect(outcome.adminPassword).toBeTruthy();
      const lists = await database.db
        .select({ code: baseInfoType.code, entries: baseInfo.code })
        .from(baseInfoType)
        .innerJoin(baseInfo, eq(baseInfo.typeId, baseInfoType.id));
      const codes = new Set(lists.map((l) => l.code));
      expect([...codes].sort()).toEqual(['CHARGEBACK_REASON', 'CUSTOMER_REASON', 'PAYMENT_METHOD', 'ST_REASON']);
      expect(lists.filter((l) => l.code === 'CHARGEBACK_REASON').length).toBeGreaterThan(3);
    } finally {
      await database.close();
    }
  });
});
