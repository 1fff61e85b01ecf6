import type { TokenResponse } from '@ems/contracts';
import { REQUEST_TIMEOUT_MS } from '../constants';
import { loading } from '../loading';
import { goToLogin } from '../navigation';
import {
  getAccessToken,
  getProxyInfo,
  getRefreshToken,
  getUserInfo,
  removeTokens,
  startSession,
  updateUserInfo,
} from '../session/session';
import type { SignOutReason } from '../session/signOutReason';
import { ApiError } from './ApiError';

export const TOKEN_PATH = '/api/auth/Token';
/** The server's answer to every call but the password change while the password is a temporary one. */
export const PASSWORD_CHANGE_REQUIRED = 'auth.password_change_required';

export interface HttpClientOptions {
  /** Defaults to the global fetch, looked up at call time. */
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Current culture, sent as `Language` on every call. */
  language?: () => string;
  /** Called when the session is lost (failed refresh, 403, token call error), with why; defaults to going to login. */
  onAuthLost?: (reason: SignOutReason) => void;
  /** Called with every response's X-App-Version header. */
  onServerVersion?: (version: string) => void;
}

export interface CallOptions {
  /** Show the global loading overlay while the call runs. */
  overlay?: boolean;
  /** A public call (Index, company list, single sign-on): a 401 goes to the caller, no refresh. */
  public?: boolean;
  signal?: AbortSignal;
  /** Extra request headers, e.g. the `Idempotency-Key` of a state change. */
  headers?: Record<string, string>;
  /** Act for this person on this call instead of the session's ProxyId (approving for someone as their proxy). */
  proxyId?: number | null;
  /** Downloads: called as the file's bytes arrive, with the bytes so far and the size when the server told it. */
  onProgress?: (received: number, total: number | null) => void;
}

export type TokenRequest =
  | { grant_type: 'password'; username: string; password: string; CompanyID?: number | undefined }
  | { grant_type: 'refresh_token'; refresh_token: string };

export interface Download {
  blob: Blob;
  fileName: string;
}

type Body = Record<string, unknown>;
type Payload = { json: Body } | { file: File | readonly File[]; fields: Body };

/** File name from `Content-Disposition`, preferring the RFC 5987 `filename*=UTF-8''…` form. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      return star[1].trim();
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/**
 * Reads a streamed file chunk by chunk, telling how much arrived; the caller's signal stops the reading (a large
 * export the user gave up on) and the call then fails with an AbortError.
 */
async function readWithProgress(
  res: Response,
  onProgress: (received: number, total: number | null) => void,
  signal: AbortSignal | undefined,
): Promise<Blob> {
  const length = Number(res.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  const stop = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', stop);
  try {
    onProgress(0, total);
    for (;;) {
      if (signal?.aborted) throw new DOMException('The download was cancelled', 'AbortError');
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress(received, total);
    }
    if (signal?.aborted) throw new DOMException('The download was cancelled', 'AbortError');
  } finally {
    signal?.removeEventListener('abort', stop);
  }
  return new Blob(chunks as BlobPart[], { type: res.headers.get('Content-Type') ?? 'application/octet-stream' });
}

async function problemOf(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  return ApiError.fromProblem(res.status, body);
}

export function createHttpClient(options: HttpClientOptions = {}) {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const language = options.language ?? (() => 'zh-CN');
  const onAuthLost = options.onAuthLost ?? goToLogin;
  /** The one refresh in flight; every call that meets a 401 meanwhile waits on it. */
  let refreshing: Promise<void> | null = null;

  async function send(path: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort);
    const fetchImpl = options.fetch ?? globalThis.fetch;
    try {
      const res = await fetchImpl(path, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), 'Accept-Language': language() },
        credentials: 'omit',
        signal: controller.signal,
      });
      const version = res.headers.get('X-App-Version');
      if (version) options.onServerVersion?.(version);
      return res;
    } catch (error) {
      if (timedOut) throw ApiError.client('timeout');
      if (signal?.aborted) throw error;
      throw ApiError.client('network');
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Any error of the token call removes the tokens and returns to login. */
  async function token(request: TokenRequest): Promise<TokenResponse> {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(request)) {
      if (value !== undefined && value !== null && value !== '') form.set(key, String(value));
    }
    form.set('Language', language());
    try {
      const res = await send(TOKEN_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      if (!res.ok) throw await problemOf(res);
      const data = (await res.json()) as TokenResponse;
      startSession(data);
      return data;
    } catch (error) {
      removeTokens();
      loading.closeOnError();
      onAuthLost('expired');
      throw error;
    }
  }

  function refreshOnce(usedToken: string | null): Promise<void> {
    const current = getAccessToken();
    // Another call already refreshed while this one was in flight: just replay with the new token.
    if (!refreshing && current && current !== usedToken) return Promise.resolve();
    if (!refreshing) {
      refreshing = (async () => {
        const refreshToken = getRefreshToken();
        if (!refreshToken) {
          removeTokens();
          onAuthLost('expired');
          throw new ApiError({
            status: 401,
            code: 'auth.session_expired',
            message: '',
            messageKey: 'error.sessionExpired',
          });
        }
        await token({ grant_type: 'refresh_token', refresh_token: refreshToken });
      })().finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  }

  /** Body enrichment happens at send time, so a replay after refresh carries the new UserInfo. */
  function enrich(body: Body, proxyId?: number | null): Body {
    const user = getUserInfo();
    return {
      Language: language(),
      ...body,
      UserID: user?.UserID,
      CompanyID: user?.CompanyID,
      ProxyId: proxyId ?? getProxyInfo()?.ProxyId ?? null,
    };
  }

  /** What a call sends: a JSON body, or a file with form fields (uploads, imports). Encoded anew on replay. */
  function encode(payload: Payload, opts: CallOptions): { headers: Record<string, string>; body: string | FormData } {
    if ('json' in payload)
      return {
        headers: { ...opts.headers, 'Content-Type': 'application/json' },
        body: JSON.stringify(enrich(payload.json, opts.proxyId)),
      };
    const form = new FormData();
    for (const [key, value] of Object.entries(enrich(payload.fields, opts.proxyId))) {
      if (value !== undefined && value !== null) form.set(key, String(value));
    }
    for (const file of Array.isArray(payload.file) ? payload.file : [payload.file as File])
      form.append('file', file, file.name);
    return { headers: { ...opts.headers }, body: form };
  }

  async function authorised(path: string, payload: Payload, opts: CallOptions, replay: boolean): Promise<Response> {
    const usedToken = getAccessToken();
    const { headers, body } = encode(payload, opts);
    if (usedToken) headers.Authorization = `Bearer ${usedToken}`;
    const res = await send(path, { method: 'POST', headers, body }, opts.signal);
    if (res.ok) return res;
    if (res.status === 401 && !opts.public) {
      if (replay) {
        removeTokens();
        onAuthLost('expired');
        throw await problemOf(res);
      }
      await refreshOnce(usedToken);
      return authorised(path, payload, opts, true);
    }
    const error = await problemOf(res);
    // A temporary password still holds a session: the shell leads to the password form instead of signing out.
    if (res.status === 403 && error.code === PASSWORD_CHANGE_REQUIRED) updateUserInfo({ MustChangePassword: true });
    else if (res.status === 403 && !opts.public) {
      removeTokens();
      onAuthLost('forbidden');
    }
    throw error;
  }

  async function request(path: string, payload: Payload, opts: CallOptions): Promise<Response> {
    if (opts.overlay) loading.show();
    try {
      const res = await authorised(path, payload, opts, false);
      if (opts.overlay) loading.done();
      return res;
    } catch (error) {
      loading.closeOnError();
      throw error;
    }
  }

  return {
    token,
    /** POST a JSON body, resolve with the JSON response. */
    async post<T>(path: string, body: Body = {}, opts: CallOptions = {}): Promise<T> {
      const res = await request(path, { json: body }, opts);
      const text = await res.text();
      return (text ? JSON.parse(text) : undefined) as T;
    },
    /** POST one file, or several (multipart), with form fields, resolve with the JSON response. */
    async upload<T>(path: string, file: File | readonly File[], fields: Body = {}, opts: CallOptions = {}): Promise<T> {
      const res = await request(path, { file, fields }, opts);
      const text = await res.text();
      return (text ? JSON.parse(text) : undefined) as T;
    },
    /** POST a JSON body, resolve with the binary response and its file name. */
    async download(path: string, body: Body = {}, opts: CallOptions = {}): Promise<Download> {
      const res = await request(path, { json: body }, opts);
      const fileName = fileNameOf(res.headers.get('Content-Disposition'), 'export.xlsx');
      if (!opts.onProgress || !res.body) return { blob: await res.blob(), fileName };
      return { blob: await readWithProgress(res, opts.onProgress, opts.signal), fileName };
    },
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
