import { ChangedResult, DeleteByIdsBody, StartStopBody } from '@ems/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { type Permission, post } from '../../core/http';
import { type Lifecycled, type LifecycleSpec, removeUnused, setStatus } from './lifecycle';

interface LifecycleRoutes<R extends Lifecycled> {
  spec: LifecycleSpec<R>;
  /** The calls' paths (the legacy client names them per kind of record). */
  paths: { start: string; stop: string; remove: string };
  permission: Permission;
  tags: string[];
  /** What the records are called in the API summaries ("cost centres"). */
  noun: string;
}

/** The start, stop and delete calls of one kind of master record, all answering `{ Success, Changed }`. */
export function lifecycleRoutes<R extends Lifecycled>(
  app: FastifyInstance,
  ctx: AppContext,
  { spec, paths, permission, tags, noun }: LifecycleRoutes<R>,
): void {
  for (const status of ['started', 'stopped'] as const) {
    post(
      app,
      status === 'started' ? paths.start : paths.stop,
      {
        permission,
        summary: `${status === 'started' ? 'Start' : 'Stop'} ${noun} (each at the version the user saw)`,
        tags,
        body: StartStopBody,
        response: ChangedResult,
      },
      async (req) => ({
        Success: true as const,
        Changed: await setStatus(spec, ctx.db, actorOf(req), req.body.Items, status),
      }),
    );
  }
  post(
    app,
    paths.remove,
    {
      permission,
      summary: `Delete ${noun} never used; one in use is refused, naming what uses it (stop it instead)`,
      tags,
      body: DeleteByIdsBody,
      response: ChangedResult,
    },
    async (req) => ({ Success: true as const, Changed: await removeUnused(spec, ctx, actorOf(req), req.body.IDs) }),
  );
}
