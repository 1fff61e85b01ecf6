import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CULTURES, SCREENS, splitKey } from '@ems/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../core/db';
import { ROOT_DIR } from '../../core/paths';
import * as i18n from '../../modules/i18n/i18n.repository';
import { newVersion } from '../../modules/i18n/i18n.service';
import { appFunction } from '../../modules/org/org.table';
import { technicalParameter } from '../../modules/system/system.table';
import { TECHNICAL_PARAMETERS } from './roles.data';

export const LANG_DIR = join(ROOT_DIR, 'packages/contracts/lang');

/** The language packs in the repository: one flat JSON file per area (web, menu, error, …) and culture. */
export function readLanguageFiles(): {
  pageId: string;
  itemId: string;
  culture: string;
  content: string;
  type: string;
}[] {
  const rows: { pageId: string; itemId: string; culture: string; content: string; type: string }[] = [];
  for (const culture of CULTURES) {
    for (const file of readdirSync(join(LANG_DIR, culture))
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      const texts = JSON.parse(readFileSync(join(LANG_DIR, culture, file), 'utf8')) as Record<string, string>;
      for (const [key, content] of Object.entries(texts)) {
        const { PageID, ItemID } = splitKey(key);
        rows.push({ pageId: PageID, itemId: ItemID, culture, content, type: file.replace(/\.json$/, '') });
      }
    }
  }
  return rows;
}

/** What every database needs, demo or not; safe to run at every start. */
export async function seedBase(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(appFunction)
      .values(
        SCREENS.map((s, i) => ({
          code: s.functionCode,
          menuGroup: s.group,
          path: s.path,
          labelKey: s.labelKey,
          sort: (i + 1) * 10,
        })),
      )
      .onConflictDoUpdate({
        target: appFunction.code,
        set: {
          menuGroup: sql`excluded.menu_group`,
          path: sql`excluded.path`,
          labelKey: sql`excluded.label_key`,
          sort: sql`excluded.sort`,
        },
        // Only a screen that moved is written: a start that changes nothing leaves the table as it was.
        setWhere: sql`(${appFunction.menuGroup}, ${appFunction.path}, ${appFunction.labelKey}, ${appFunction.sort})
          is distinct from (excluded.menu_group, excluded.path, excluded.label_key, excluded.sort)`,
      });
    const existing = await tx
      .select({ key: technicalParameter.key })
      .from(technicalParameter)
      .where(sql`${technicalParameter.companyId} is null`);
    const have = new Set(existing.map((e) => e.key));
    const missing = TECHNICAL_PARAMETERS.filter((p) => !have.has(p.key)).map((p, i) => ({ ...p, sort: i }));
    if (missing.length) await tx.insert(technicalParameter).values(missing);
    const changed = await i18n.applySeed(tx, readLanguageFiles());
    if (changed > 0 || (await i18n.getVersion(tx)) === undefined) await i18n.setVersion(tx, newVersion());
  });
}
