import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Col, Form, Input, Row, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import type { CompanyRow } from '../../app/apiTypes';
import { useBoot } from '../../app/i18n/BootProvider';
import { LanguageSwitch } from '../../app/i18n/LanguageSwitch';
import { errorText } from '../../app/notice';
import { hasSession, LOCAL_KEYS } from '../../app/session/session';
import { nextOf, REASON_KEY, reasonOf, takeSignOut } from '../../app/session/signOutReason';
import { applyFieldErrors } from '../../shared/formErrors';
import { Panel } from '../../shared/Panel';
import { useActionGuard } from '../../shared/useActionGuard';
import { Announcements } from './Announcements';
import { authApi } from './api';
import { useAfterSignIn } from './useAfterSignIn';

interface LoginForm {
  username: string;
  password: string;
  CompanyID?: number;
  remember: boolean;
}

const COMPANY_LOOKUP_DELAY_MS = 300;

/** Sign-in for `/`, `/login` and `/admin` (which lands on the master group). */
export function LoginPage() {
  const { t } = useTranslation();
  const { culture, index } = useBoot();
  const location = useLocation();
  // Why the user is here again (idle, session expired, no permission), said until they sign in.
  const [query] = useSearchParams();
  const reason = reasonOf(query);
  // The page a notice's link asked for, opened once signed in.
  const next = nextOf(query);
  useEffect(() => {
    takeSignOut();
  }, []);
  const admin = location.pathname.toLowerCase() === '/admin';
  // Only a session that existed when the page opened sends the user on; a sign-in made here navigates itself.
  const [alreadySignedIn] = useState(hasSession);
  const afterSignIn = useAfterSignIn();
  const [form] = Form.useForm<LoginForm>();
  const [companies, setCompanies] = useState<CompanyRow[]>([]);
  const [companiesLoading, setCompaniesLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lookupTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lookedUp = useRef<string | null>(null);
  const [remembered] = useState(() => localStorage.getItem(LOCAL_KEYS.rememberUserName) ?? '');

  const lookUpCompanies = (userName: string) => {
    clearTimeout(lookupTimer.current);
    const name = userName.trim();
    if (!name || name === lookedUp.current) return;
    lookupTimer.current = setTimeout(() => {
      lookedUp.current = name;
      setCompaniesLoading(true);
      authApi
        .companies(name)
        .then(({ Rows }) => {
          setCompanies(Rows);
          const current = form.getFieldValue('CompanyID') as number | undefined;
          if (!Rows.some((c) => c.CompanyID === current)) {
            const preferred = Rows.find((c) => c.IsDefault) ?? (Rows.length === 1 ? Rows[0] : undefined);
            form.setFieldValue('CompanyID', preferred?.CompanyID);
          }
        })
        .catch(() => setCompanies([]))
        .finally(() => setCompaniesLoading(false));
    }, COMPANY_LOOKUP_DELAY_MS);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: look the remembered user's companies up once
  useEffect(() => {
    if (remembered) lookUpCompanies(remembered);
    return () => clearTimeout(lookupTimer.current);
  }, []);

  const { run: submit, busy } = useActionGuard(async (values: LoginForm) => {
    setError(null);
    try {
      await authApi.signIn(values.username.trim(), values.password, values.CompanyID);
    } catch (e) {
      applyFieldErrors(form, e, ['username', 'password', 'CompanyID']);
      setError(errorText(e));
      return;
    }
    if (values.remember) localStorage.setItem(LOCAL_KEYS.rememberUserName, values.username.trim());
    else localStorage.removeItem(LOCAL_KEYS.rememberUserName);
    await afterSignIn(admin, next ?? undefined);
  });

  if (alreadySignedIn) return <Navigate to={next ?? '/manage'} replace />;

  const companyName = (c: CompanyRow) => (culture === 'zh-CN' ? c.CompanyNameZH : c.CompanyNameEN) || c.CompanyName;

  return (
    <div style={{ minHeight: '100vh', background: 'linear-gradient(160deg, #e8f0fe 0%, #f5f7fa 60%)', padding: 16 }}>
      <Row justify="space-between" align="middle" style={{ maxWidth: 1080, margin: '0 auto 16px' }}>
        <h1 style={{ margin: 0, fontSize: 24, fontWeight: 600 }}>{t('common.appName')}</h1>
        <LanguageSwitch />
      </Row>
      <Row gutter={[24, 24]} style={{ maxWidth: 1080, margin: '0 auto' }} align="top">
        <Col xs={24} md={10}>
          <Panel title={t(admin ? 'login.adminTitle' : 'login.title')}>
            <Form<LoginForm>
              form={form}
              name="login"
              layout="vertical"
              requiredMark={false}
              initialValues={{ username: remembered, remember: remembered !== '' }}
              onFinish={(values) => void submit(values)}
            >
              <Form.Item
                name="username"
                label={t('login.userName')}
                rules={[{ required: true, whitespace: true, message: t('login.userNameRequired') }]}
              >
                <Input
                  prefix={<UserOutlined />}
                  autoComplete="username"
                  data-testid="login-username"
                  onBlur={(e) => lookUpCompanies(e.target.value)}
                />
              </Form.Item>
              <Form.Item
                name="password"
                label={t('login.password')}
                rules={[{ required: true, message: t('login.passwordRequired') }]}
              >
                <Input.Password
                  prefix={<LockOutlined />}
                  autoComplete="current-password"
                  data-testid="login-password"
                />
              </Form.Item>
              <Form.Item name="CompanyID" label={t('login.company')}>
                <Select
                  data-testid="login-company"
                  loading={companiesLoading}
                  allowClear
                  placeholder={t('login.companyPlaceholder')}
                  notFoundContent={t('login.noCompany')}
                  options={companies.map((c) => ({ value: c.CompanyID, label: `${c.CompanyCode} ${companyName(c)}` }))}
                />
              </Form.Item>
              <Form.Item name="remember" valuePropName="checked">
                <Checkbox data-testid="login-remember">{t('login.remember')}</Checkbox>
              </Form.Item>
              {reason && !error ? (
                <Alert
                  type="warning"
                  showIcon
                  title={t(REASON_KEY[reason])}
                  style={{ marginBottom: 16 }}
                  data-testid="login-reason"
                />
              ) : null}
              {error ? (
                <Alert
                  type="error"
                  showIcon
                  title={error}
                  role="alert"
                  style={{ marginBottom: 16 }}
                  data-testid="login-error"
                />
              ) : null}
              <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="login-submit">
                {t('login.submit')}
              </Button>
            </Form>
          </Panel>
        </Col>
        <Col xs={24} md={14}>
          <Announcements items={index.Announcements} />
        </Col>
      </Row>
    </div>
  );
}
