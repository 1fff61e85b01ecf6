// Types of postgres.mjs for the TypeScript that uses it (the server tests' global set-up).
export interface TestPostgres {
  url: string;
  /** Where the server is, for a log line: DATABASE_URL, the local server, or a throw-away cluster's folder. */
  where: string;
  /** Stops and deletes a throw-away cluster; nothing for a server that was already there. */
  stop(): void;
}
export function usePostgres(): Promise<TestPostgres>;
