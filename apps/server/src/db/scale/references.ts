import { exec, phase, type ScaleRun } from './run';

/**
 * Foreign keys are checked row by row by triggers, which would cost more than the inserts themselves over some 60
 * million references. A superuser session may skip them for its own writes (session_replication_role = replica);
 * the constraints stay in place for everyone else and are proven afterwards, all rows at once, by
 * `verifyReferences`. Without the privilege the load simply runs with the row-by-row checks.
 */
export async function skipRowByRowReferenceChecks(run: ScaleRun): Promise<boolean> {
  try {
    await exec(run, 'set session_replication_role = replica');
    return true;
  } catch {
    return false;
  }
}

/** Every foreign key of the database holds: each reference names an existing row (one anti-join per key). */
export async function verifyReferences(run: ScaleRun): Promise<void> {
  await exec(run, 'set session_replication_role = origin');
  const { rows: keys } = await run.client.query<{
    name: string;
    child: string;
    parent: string;
    cols: string[];
    refs: string[];
  }>(
    `select c.conname as name, c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
       array(select a.attname::text from unnest(c.conkey) with ordinality k(n, o)
             join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.o) as cols,
       array(select a.attname::text from unnest(c.confkey) with ordinality k(n, o)
             join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.o) as refs
     from pg_constraint c join pg_namespace s on s.oid = c.connamespace
     where c.contype = 'f' and s.nspname = 'public' order by 2, 1`,
  );
  await phase(run, 'verify references', async () => {
    const broken: string[] = [];
    for (const k of keys) {
      const q = (x: string) => `"${x}"`;
      const { rows } = await run.client.query<{ n: number }>(
        `select count(*)::int as n from ${k.child} c
         where ${k.cols.map((x) => `c.${q(x)} is not null`).join(' and ')}
           and not exists (select 1 from ${k.parent} p where ${k.cols.map((x, i) => `p.${q(k.refs[i]!)} = c.${q(x)}`).join(' and ')})`,
      );
      if ((rows[0]?.n ?? 0) > 0) broken.push(`${k.name}: ${rows[0]!.n} rows of ${k.child}`);
    }
    if (broken.length) throw new Error(`generated rows break foreign keys:\n${broken.join('\n')}`);
    return keys.length;
  });
}
