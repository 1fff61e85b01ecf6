/**
 * The EVM meeting system, behind an interface (DESIGN §13). It is not reachable from here, so the default is a
 * simulator: every message is already kept in the outbox by the caller, and the simulator acknowledges it with a
 * reference as the real system would. A real HTTP adapter implements the same interface.
 */
export interface EvmMessage {
  action: 'upsert' | 'delete';
  companyCode: string;
  teamCode: string;
  teamName: string;
  evmCode: string;
  evmName: string;
  remark: string | null;
}

export type EvmReply = { ok: true; reference: string } | { ok: false; error: string };

export interface EvmGateway {
  readonly name: string;
  send(message: EvmMessage, outboxId: number): Promise<EvmReply>;
}

export const evmSimulator: EvmGateway = {
  name: 'simulator',
  async send(_message, outboxId) {
    return { ok: true, reference: `EVM-SIM-${String(outboxId).padStart(8, '0')}` };
  },
};

let current: EvmGateway = evmSimulator;

export function evmGateway(): EvmGateway {
  return current;
}

/** Swaps the gateway (a configured adapter at start, or a failing one in tests); returns the previous one. */
export function useEvmGateway(gateway: EvmGateway): EvmGateway {
  const previous = current;
  current = gateway;
  return previous;
}
