import { ApiError } from '../../app/http/ApiError';
import { notice } from '../../app/notice';

/**
 * Sends a submit (or the applicant's confirm of a proxy's document) and, when the server answers that budgets or caps
 * would be exceeded at `warn` (409 `limits.confirm_needed`), shows each warning with its shortfall and, on OK, sends it
 * again with the warnings confirmed. Null when the user declines. A `block` refusal is an error like any other: its
 * message names the budget or cap and the shortfall.
 */
export async function withLimitConfirm<T>(send: (confirmed: boolean) => Promise<T>): Promise<T | null> {
  try {
    return await send(false);
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'limits.confirm_needed') throw error;
    const warnings = error.fieldErrors.map((e) => e.message).filter((m): m is string => !!m);
    if (!(await notice.ask(error.message, warnings))) return null;
    return send(true);
  }
}
