// Types of scripts/replica.mjs for the TypeScript tests that start a primary and its standby.
export interface ReplicaPair {
  primaryUrl(database?: string): string;
  standbyUrl(database?: string): string;
  ports: { primary: number; standby: number };
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  caughtUp(timeoutMs?: number): Promise<void>;
  stopStandby(): void;
  startStandby(): void;
  stop(): void;
}
export function replicaUnavailableReason(): string | undefined;
export function replicaPair(): Promise<ReplicaPair>;
