import type { TokenResponse } from '@ems/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loading } from '../loading';
import { getAccessToken, getRefreshToken, getUserInfo, startSession } from '../session/session';
import { ApiError } from './ApiError';
import { createHttpClient, fileNameOf, TOKEN_PATH } from './client';

function tokenResponse(n: number, overrides: Partial<TokenResponse> = {}): TokenResponse {
  return {
    access_token: `access-${n}`,
    token_type: 'Bearer',
    expires_in: 1800,
    refresh_token: `refresh-token-${n}`,
    refresh_expires_in: 43200,
    UserID: 7,
    UserCode: 'E007',
    UserName: 'Li Lei',
    UserNameZH: '李雷',
    UserNameEN: 'Li Lei',
    Account: 'lilei',
    CompanyID: 100 + n,
    CompanyCode: `C${n}`,
    CompanyName: `Company ${n}`,
    CompanyNameZH: `公司${n}`,
    CompanyNameEN: `Company ${n}`,
    teamID: 200 + n,
    TeamName: 'Sales',
    MustChangePassword: false,
    IsAdmin: false,
    ...overrides,
  };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json', ...headers },
  });

const problem = (status: number, code: string, message: string) =>
  json(status, { type: 'about:blank', title: code, status, code, message, requestId: 'r1' });

interface Recorded {
  url: string;
  auth: string | null;
  body: string;
}

/** A fetch that records calls; the API answers 401 to the first access token and 200 to the refreshed one. */
function serverWithExpiredToken(refreshAnswer: () => Response) {
  const calls: Recorded[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const call = { url: String(input), auth: headers.get('Authorization'), body: String(init?.body ?? '') };
    calls.push(call);
    await new Promise((r) => setTimeout(r, 5));
    if (call.url === TOKEN_PATH) return refreshAnswer();
    if (call.auth === 'Bearer access-1') return problem(401, 'auth.token_expired', '令牌已过期');
    const body = JSON.parse(call.body) as Record<string, unknown>;
    return json(200, { echo: body.n, CompanyID: body.CompanyID, UserID: body.UserID }, { 'X-App-Version': '2' });
  });
  return { calls, fetchMock };
}

describe('http client', () => {
  beforeEach(() => {
    startSession(tokenResponse(1));
  });

  it('makes exactly one refresh for three calls that get 401 and replays all three with the new session', async () => {
    const { calls, fetchMock } = serverWithExpiredToken(() => json(200, tokenResponse(2)));
    const onAuthLost = vi.fn();
    const onServerVersion = vi.fn();
    const http = createHttpClient({ fetch: fetchMock, onAuthLost, onServerVersion, language: () => 'en-GB' });

    const results = await Promise.all(
      [1, 2, 3].map((n) => http.post<{ echo: number; CompanyID: number }>('/api/x/Y', { n })),
    );

    expect(results.map((r) => r.echo)).toEqual([1, 2, 3]);
    // Replayed with the CompanyID of the new UserInfo.
    expect(results.every((r) => r.CompanyID === 102)).toBe(true);
    const refreshes = calls.filter((c) => c.url === TOKEN_PATH);
    expect(refreshes).toHaveLength(1);
    expect(new URLSearchParams(refreshes[0]?.body).get('grant_type')).toBe('refresh_token');
    expect(new URLSearchParams(refreshes[0]?.body).get('refresh_token')).toBe('refresh-token-1');
    expect(calls.filter((c) => c.auth === 'Bearer access-2')).toHaveLength(3);
    expect(getAccessToken()).toBe('access-2');
    expect(getRefreshToken()).toBe('refresh-token-2');
    expect(getUserInfo()?.teamID).toBe(202);
    expect(onAuthLost).not.toHaveBeenCalled();
    expect(onServerVersion).toHaveBeenCalledWith('2');
  });

  it('sends the token call form-encoded, without cookies', async () => {
    const { calls, fetchMock } = serverWithExpiredToken(() => json(200, tokenResponse(2)));
    const http = createHttpClient({ fetch: fetchMock });
    await http.post('/api/x/Y', { n: 1 });
    const tokenInit = fetchMock.mock.calls.find(([url]) => url === TOKEN_PATH)?.[1];
    expect(new Headers(tokenInit?.headers).get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(tokenInit?.credentials).toBe('omit');
    expect(calls[0]?.auth).toBe('Bearer access-1');
  });

  it('when the refresh fails, removes the tokens, goes to login and rejects every waiting call', async () => {
    const { calls, fetchMock } = serverWithExpiredToken(() => problem(401, 'auth.refresh_invalid', '刷新令牌无效'));
    const onAuthLost = vi.fn();
    const http = createHttpClient({ fetch: fetchMock, onAuthLost });
    loading.show();

    const outcomes = await Promise.allSettled([1, 2, 3].map((n) => http.post('/api/x/Y', { n }, { overlay: true })));

    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    expect(calls.filter((c) => c.url === TOKEN_PATH)).toHaveLength(1);
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    // The login page tells the user their session expired.
    expect(onAuthLost).toHaveBeenCalledWith('expired');
    expect(loading.isVisible()).toBe(false);
  });

  it('on 403 removes the token, goes to login and still rejects with the server error', async () => {
    const fetchMock = vi.fn(async () => problem(403, 'auth.forbidden', '没有权限'));
    const onAuthLost = vi.fn();
    const http = createHttpClient({ fetch: fetchMock, onAuthLost });

    const error = await http.post('/api/x/Y').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect((error as ApiError).message).toBe('没有权限');
    expect(getAccessToken()).toBeNull();
    expect(onAuthLost).toHaveBeenCalledTimes(1);
    expect(onAuthLost).toHaveBeenCalledWith('forbidden');
  });

  it('on 403 for a temporary password keeps the session and marks it for the password change, not a sign-out', async () => {
    const fetchMock = vi.fn(async () => problem(403, 'auth.password_change_required', '请先修改密码'));
    const onAuthLost = vi.fn();
    const http = createHttpClient({ fetch: fetchMock, onAuthLost });

    const error = await http.post('/api/System/getMenu').catch((e: unknown) => e);

    expect((error as ApiError).code).toBe('auth.password_change_required');
    expect(getAccessToken()).toBe('access-1');
    expect(getUserInfo()?.MustChangePassword).toBe(true);
    expect(onAuthLost).not.toHaveBeenCalled();
  });

  it('passes other errors to the caller with their field errors, and closes the overlay', async () => {
    const fetchMock = vi.fn(async () =>
      json(400, {
        type: 'about:blank',
        title: 'invalid',
        status: 400,
        code: 'validation.invalid',
        message: '输入有误',
        errors: [{ field: 'PageID', code: 'too_small', message: '必填' }],
        requestId: 'r2',
      }),
    );
    const onAuthLost = vi.fn();
    const http = createHttpClient({ fetch: fetchMock, onAuthLost });
    const error = (await http.post('/api/x/Y', {}, { overlay: true }).catch((e: unknown) => e)) as ApiError;
    expect(error.fieldErrors).toEqual([{ field: 'PageID', code: 'too_small', message: '必填' }]);
    expect(onAuthLost).not.toHaveBeenCalled();
    expect(getAccessToken()).toBe('access-1');
    expect(loading.isVisible()).toBe(false);
  });

  it('enriches every body with UserID, CompanyID, ProxyId and Language', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => json(200, { ok: true }));
    const http = createHttpClient({ fetch: fetchMock, language: () => 'en-GB' });
    await http.post('/api/System/GetDefaultInfo', { A: 1 });
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body).toEqual({ A: 1, UserID: 7, CompanyID: 101, ProxyId: null, Language: 'en-GB' });
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('omit');
  });

  it('sends a call’s own headers and, when given, acts for another person on that call only', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => json(200, { ok: true }));
    const http = createHttpClient({ fetch: fetchMock });
    await http.post(
      '/api/DocumentApprove/ApproveDeputy',
      { ID: 1 },
      { headers: { 'Idempotency-Key': 'k-1234567' }, proxyId: 9 },
    );
    await http.post('/api/x/Y', {});
    const [first, second] = fetchMock.mock.calls.map((c) => c[1]);
    expect(new Headers(first?.headers).get('Idempotency-Key')).toBe('k-1234567');
    expect(new Headers(first?.headers).get('Authorization')).toBe('Bearer access-1');
    expect(JSON.parse(String(first?.body)).ProxyId).toBe(9);
    expect(new Headers(second?.headers).get('Idempotency-Key')).toBeNull();
    expect(JSON.parse(String(second?.body)).ProxyId).toBeNull();
  });

  it('reports a request that outlives the time-out as error.timeout', async () => {
    const fetchMock = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const http = createHttpClient({ fetch: fetchMock, timeoutMs: 20 });
    const error = (await http.post('/api/x/Y').catch((e: unknown) => e)) as ApiError;
    expect(error.messageKey).toBe('error.timeout');
  });

  it('reads the download file name from Content-Disposition', () => {
    expect(fileNameOf("attachment; filename*=UTF-8''%E8%AF%AD%E8%A8%80.xlsx", 'x')).toBe('语言.xlsx');
    expect(fileNameOf('attachment; filename="a.xlsx"', 'x')).toBe('a.xlsx');
    expect(fileNameOf(null, 'x.xlsx')).toBe('x.xlsx');
  });
});
