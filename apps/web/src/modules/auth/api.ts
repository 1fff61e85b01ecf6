import type { ChargeableOptions, DefaultInfo, MenuResult, TokenResponse } from '@ems/contracts';
import { http } from '../../app/api';
import type { CompanyListResult, MasterInfoResult, Success } from '../../app/apiTypes';
import { getRefreshToken, startSession } from '../../app/session/session';

export interface PersonalInfoChange {
  Email?: string | null;
  Mobile?: string | null;
  BankName?: string | null;
  BankAccount?: string | null;
  BankAccountName?: string | null;
  BankCnaps?: string | null;
  Language?: 'zh-CN' | 'en-GB';
  DefaultCostCenterID?: number;
  Version: number;
}

/** Sign-in, session and profile calls of the System area. */
export const authApi = {
  signIn: (username: string, password: string, companyId?: number) =>
    http.token({ grant_type: 'password', username, password, CompanyID: companyId }),
  companies: (userName: string) =>
    http.post<CompanyListResult>('/api/System/GetCompanyListByUserName', { UserName: userName }, { public: true }),
  async jwtLogin(token: string): Promise<TokenResponse> {
    const session = await http.post<TokenResponse>('/api/System/JWTLogin', { Token: token }, { public: true });
    startSession(session);
    return session;
  },
  /** The card portal's sign-in (its own JWT): lands on the holder's business-card screen. */
  async jwtLoginAmex(token: string): Promise<TokenResponse> {
    const session = await http.post<TokenResponse>('/api/System/JWTLogin2Amex', { Token: token }, { public: true });
    startSession(session);
    return session;
  },
  defaultInfo: () => http.post<DefaultInfo>('/api/System/GetDefaultInfo'),
  /** What the user may charge today (the profile's default cost centre is one of these). */
  chargeable: () => http.post<ChargeableOptions>('/api/document/SearchChargeable'),
  menu: () => http.post<MenuResult>('/api/System/getMenu'),
  masterInfo: () => http.post<MasterInfoResult>('/api/System/getMasterInfo'),
  async shiftCompany(targetCompanyId: number): Promise<TokenResponse> {
    const session = await http.post<TokenResponse>(
      '/api/System/ShiftCompany',
      { TargetCompanyID: targetCompanyId },
      { overlay: true },
    );
    startSession(session);
    return session;
  },
  modifyPersonalInfo: (change: PersonalInfoChange) =>
    http.post<DefaultInfo>('/api/System/ModifyPersonalinfo', { ...change }),
  modifyPassword: (oldPassword: string, newPassword: string) =>
    http.post<Success>('/api/System/ModifyPassword', { OldPassword: oldPassword, NewPassword: newPassword }),
  logout: () => http.post<Success>('/api/System/Logout', { refresh_token: getRefreshToken() }),
};
