import type { TestProject } from 'vitest/node';
import { startServer } from './server';
import { startTracker } from './tracker';

/**
 * One server for all specs; specs that need other settings start their own. E2E_HOST=<address or name> runs the
 * specs through another address of this machine (e.g. its intranet address) instead of 127.0.0.1. Page views go to
 * a stand-in of the analytics tracker, which the analytics spec reads.
 */
export default async function setup(project: TestProject) {
  const tracker = await startTracker();
  // The specs sign in far more often than people do (a hundred times in a few minutes from one address): the sign-in
  // rate limit, tested by the server's own tests, is raised here so it never refuses a spec.
  const server = await startServer({ ANALYTICS_URL: tracker.url, TOKEN_RATE_LIMIT_PER_MINUTE: '1000' });
  project.provide('baseUrl', process.env.E2E_HOST ? server.urlFor(process.env.E2E_HOST) : server.baseUrl);
  project.provide('trackerHits', tracker.hitsUrl);
  return async () => {
    await server.stop();
    await tracker.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    trackerHits: string;
  }
}
