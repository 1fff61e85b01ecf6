import type { Culture, DefaultInfo, ModifyPersonalInfoBody } from '@ems/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../core/context';
import type { Db } from '../../core/db';
import { conflict, unauthorized } from '../../core/errors';
import type { SessionUser } from '../../core/http';
import { localName } from '../../core/i18n';
import { audit } from '../audit/audit.service';
import * as repo from './org.repository';

export async function defaultInfo(db: Db, user: SessionUser, culture: Culture): Promise<DefaultInfo> {
  const p = await repo.profile(db, user.userId, user.companyId);
  if (!p) throw unauthorized('auth.token_invalid');
  const e = p.e;
  return {
    UserID: e.id,
    UserCode: e.code,
    UserName: localName(culture, e.nameZh, e.nameEn) ?? e.nameZh,
    UserNameZH: e.nameZh,
    UserNameEN: e.nameEn,
    Account: p.account,
    Email: e.email,
    Mobile: e.mobile,
    CompanyID: user.companyId,
    CompanyName: localName(culture, p.companyZh, p.companyEn) ?? p.companyZh,
    TeamID: p.teamId,
    TeamName: localName(culture, p.teamZh, p.teamEn),
    LineManagerName: localName(culture, p.managerZh, p.managerEn),
    BankName: e.bankName,
    BankAccount: e.bankAccount,
    DefaultCostCenterID: e.defaultCostCentreId,
    DefaultCostCenterCode: null,
    Status: e.status,
    Language: e.language,
    MustChangePassword: p.mustChange,
    Functions: [...user.functions].sort(),
    Version: e.version,
  };
}

export async function modifyPersonalInfo(
  ctx: AppContext,
  user: SessionUser,
  body: z.infer<typeof ModifyPersonalInfoBody>,
  culture: Culture,
  requestId: string,
) {
  const { Version, ...fields } = body;
  const changes = {
    ...(fields.Email !== undefined ? { email: fields.Email } : {}),
    ...(fields.Mobile !== undefined ? { mobile: fields.Mobile } : {}),
    ...(fields.BankName !== undefined ? { bankName: fields.BankName } : {}),
    ...(fields.BankAccount !== undefined ? { bankAccount: fields.BankAccount?.replace(/\s+/g, '') ?? null } : {}),
    ...(fields.Language !== undefined ? { language: fields.Language } : {}),
  };
  await ctx.db.transaction(async (tx) => {
    const before = await repo.findEmployee(tx, user.userId);
    const row = await repo.updatePersonalInfo(tx, user.userId, Version, changes);
    if (!row) throw conflict('common.stale_version');
    await audit(tx, {
      companyId: user.companyId,
      actorId: user.userId,
      action: 'modify_personal_info',
      entity: 'employee',
      entityId: user.userId,
      detail: {
        changed: Object.keys(changes),
        ...(before && changes.bankAccount !== undefined
          ? { bankAccountChanged: before.bankAccount !== row.bankAccount }
          : {}),
      },
      requestId,
    });
  });
  return defaultInfo(ctx.db, user, culture);
}
