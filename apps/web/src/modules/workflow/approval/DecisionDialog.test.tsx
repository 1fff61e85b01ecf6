import type { TokenResponse } from '@ems/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../app/session/session';
import { initTestI18n } from '../../../test/i18n';
import { DecisionDialog } from './DecisionDialog';

const session = {
  access_token: 'access-1',
  token_type: 'Bearer',
  expires_in: 1800,
  refresh_token: 'refresh-1',
  refresh_expires_in: 43200,
  UserID: 7,
  UserCode: 'E007',
  UserName: 'Li Lei',
  UserNameZH: '李雷',
  UserNameEN: 'Li Lei',
  Account: 'lilei',
  CompanyID: 1,
  CompanyCode: 'C1',
  CompanyName: 'C1',
  CompanyNameZH: 'C1',
  CompanyNameEN: 'C1',
  teamID: 2,
  TeamName: 'Sales',
  MustChangePassword: false,
  IsAdmin: false,
} as TokenResponse;

const doc = { ID: 42, DocType: 'deputy' as const, DocNo: 'D100025010001', Version: 3, ForApproverID: 9 };

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });
}

let fetchMock: ReturnType<typeof vi.fn>;
let confirmMock: ReturnType<typeof vi.fn>;
beforeAll(() => initTestI18n('en-GB'));
beforeEach(() => {
  startSession(session);
  fetchMock = vi.fn(async () => answer(200, { ID: 42, DocNo: doc.DocNo, Status: 'returned' }));
  vi.stubGlobal('fetch', fetchMock);
  confirmMock = vi.fn(() => true);
  vi.stubGlobal('confirm', confirmMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function open(mode: 'approve' | 'reject') {
  const onDone = vi.fn();
  render(<DecisionDialog document={doc} mode={mode} open onClose={() => {}} onDone={onDone} />);
  return onDone;
}

describe('decision dialog', () => {
  it('asks for a comment before a rejection, confirms, and rejects once with an Idempotency-Key as the proxy', async () => {
    const onDone = open('reject');
    fireEvent.click(screen.getByRole('button', { name: /Reject/ }));
    expect(await screen.findByText('A rejection needs a comment')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('decision-comment'), { target: { value: '  请补充发票 ' } });
    await new Promise((r) => setTimeout(r, 1100));
    fireEvent.click(screen.getByRole('button', { name: /Reject/ }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(confirmMock).toHaveBeenCalledWith('Sure to reject?');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/DocumentApprove/ApproveDeputy');
    expect(JSON.parse(String(init.body))).toMatchObject({
      ID: 42,
      Pass: false,
      Version: 3,
      Comment: '请补充发票',
      ProxyId: 9,
    });
    expect(new Headers(init.headers).get('Idempotency-Key')).toMatch(/^[\w-]{8,}$/);
  });

  it('approves without a comment and shows the server’s translated refusal', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(409, {
        status: 409,
        code: 'workflow.not_current_approver',
        message: 'You are not the current approver',
        requestId: 'r',
      }),
    );
    const onDone = open('approve');
    fireEvent.click(screen.getByRole('button', { name: /Approve/ }));
    expect(await screen.findByText('You are not the current approver')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
    expect(confirmMock).not.toHaveBeenCalled();
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ ID: 42, Pass: true });
    expect(JSON.parse(String(init.body)).Comment).toBeUndefined();
  });
});
