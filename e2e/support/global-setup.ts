import type { TestProject } from 'vitest/node';
import { startServer } from './server';

/** One server for all specs; specs that need other settings start their own. */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  return () => server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
