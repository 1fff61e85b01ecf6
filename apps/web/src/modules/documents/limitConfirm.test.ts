import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/http/ApiError';
import { notice } from '../../app/notice';
import { withLimitConfirm } from './limitConfirm';

const warning = new ApiError({
  status: 409,
  code: 'limits.confirm_needed',
  message: '单据超出以下预算或额度，确认后才能提交',
  fieldErrors: [
    { field: 'budget', code: 'budget.exceeded_warn', message: '预算 2026 / CC / HOTEL 将超支：超出 300.00' },
  ],
});

afterEach(() => vi.restoreAllMocks());

describe('submit with budget warnings', () => {
  it('shows each warning and, on OK, sends again with the warnings confirmed', async () => {
    const ask = vi.spyOn(notice, 'ask').mockResolvedValue(true);
    const send = vi.fn(async (confirmed: boolean) => {
      if (!confirmed) throw warning;
      return 'submitted';
    });
    await expect(withLimitConfirm(send)).resolves.toBe('submitted');
    expect(ask).toHaveBeenCalledWith(warning.message, ['预算 2026 / CC / HOTEL 将超支：超出 300.00']);
    expect(send.mock.calls).toEqual([[false], [true]]);
  });

  it('sends nothing more when the applicant declines', async () => {
    vi.spyOn(notice, 'ask').mockResolvedValue(false);
    const send = vi.fn(async () => {
      throw warning;
    });
    await expect(withLimitConfirm(send)).resolves.toBeNull();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('passes a block refusal on as the error it is', async () => {
    const block = new ApiError({ status: 422, code: 'budget.exceeded_block', message: '预算不足：缺口 100.00' });
    const ask = vi.spyOn(notice, 'ask');
    await expect(withLimitConfirm(() => Promise.reject(block))).rejects.toBe(block);
    expect(ask).not.toHaveBeenCalled();
  });
});
