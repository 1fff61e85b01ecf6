import type { TestProject } from 'vitest/node';
import { startServer } from './server';

/**
 * One server for all specs; specs that need other settings start their own. E2E_HOST=<address or name> runs the
 * specs through another address of this machine (e.g. its intranet address) instead of 127.0.0.1.
 */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide('baseUrl', process.env.E2E_HOST ? server.urlFor(process.env.E2E_HOST) : server.baseUrl);
  return () => server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
