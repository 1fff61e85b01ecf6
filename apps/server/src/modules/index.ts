import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/context';
import { authRoutes } from './auth/auth.routes';
import { i18nRoutes } from './i18n/i18n.routes';
import { baseInfoRoutes } from './masterdata/baseinfo/baseinfo.routes';
import { costCentreRoutes } from './masterdata/costcentre/costcentre.routes';
import { costImportRoutes } from './masterdata/costimport/costimport.routes';
import { fundsRoutes } from './masterdata/funds/funds.routes';
import { ledgerRoutes } from './masterdata/ledger/ledger.routes';
import { periodRoutes } from './masterdata/periods/periods.routes';
import { orgRoutes } from './org/org.routes';
import { systemRoutes } from './system/system.routes';

/** Every module, registered in one explicit list. */
const MODULES: ((app: FastifyInstance, ctx: AppContext) => Promise<void>)[] = [
  authRoutes,
  systemRoutes,
  orgRoutes,
  i18nRoutes,
  costCentreRoutes,
  ledgerRoutes,
  fundsRoutes,
  periodRoutes,
  baseInfoRoutes,
  costImportRoutes,
];

export async function registerModules(app: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const mod of MODULES) await app.register(async (scope) => mod(scope, ctx));
}
