import { Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../app/notice';
import { authApi } from './api';
import { useAfterSignIn } from './useAfterSignIn';

/**
 * Single sign-on: the identity provider sends `?token=…`; JWTLogin turns it into a session. The card portal sends
 * `?token=…&origin=amex`: JWTLogin2Amex signs in and the holder lands on their business-card transactions.
 */
export default function OnAuthPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const amex = params.get('origin') === 'amex';
  const afterSignIn = useAfterSignIn();
  const [error, setError] = useState<string | null>(token ? null : t('login.sso.missingToken'));
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    (amex ? authApi.jwtLoginAmex(token) : authApi.jwtLogin(token))
      .then(() => afterSignIn(false, amex ? '/manage/myBusinessCard' : undefined))
      .catch((e: unknown) => setError(errorText(e)));
  }, [token, amex, afterSignIn]);

  if (!error) {
    return (
      <div style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <Spin size="large" description={t(amex ? 'cards.amex.signingIn' : 'login.sso.signingIn')} />
      </div>
    );
  }
  return (
    <Result
      status="error"
      title={t('login.sso.failed')}
      subTitle={error}
      extra={
        <Link to="/">
          <Button type="primary">{t('login.backToLogin')}</Button>
        </Link>
      }
    />
  );
}
