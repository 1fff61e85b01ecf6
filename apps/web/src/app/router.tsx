import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Link, type RouteObject } from 'react-router';
import { LoginPage } from '../modules/auth/LoginPage';
import { StatusMessage } from '../shared/StatusMessage';
import { LazyScreen, type ScreenLoader } from './LazyScreen';
import { RequireSession, RouteShell } from './RouteShell';
import { BUILT_SCREENS, HOME_LOADER, INNER_ROUTES, ROUTES } from './routes';

const SHELL_LOADER: ScreenLoader = () => import('./layout/Shell');
const SIGN_IN_PATHS = new Set(['/', '/login', '/admin']);
/** The other public routes' pages, here rather than in the route table: the sign-in page reads the menu, which reads
 * the route table. */
const PUBLIC_PAGES: Partial<Record<string, ScreenLoader>> = {
  '/onAuth': () => import('../modules/auth/OnAuthPage'),
  '/otherSysViewDetail': () => import('../modules/public/OtherSysViewDetailPage'),
  '/viewAttachment': () => import('../modules/public/ViewAttachmentPage'),
};

function NotFound() {
  const { t } = useTranslation();
  return (
    <StatusMessage
      kind="notFound"
      title={t('error.pageNotFound')}
      extra={
        <Link to="/manage">
          <Button type="primary">{t('common.backHome')}</Button>
        </Link>
      }
    />
  );
}

function publicRoute(path: string): RouteObject {
  if (SIGN_IN_PATHS.has(path)) return { path, element: <LoginPage /> };
  const load = PUBLIC_PAGES[path];
  return { path, element: load ? <LazyScreen load={load} /> : <NotFound /> };
}

export function buildRoutes(): RouteObject[] {
  const publicRoutes = ROUTES.filter((r) => r.kind === 'public').map((r) => publicRoute(r.path));
  const screens: RouteObject[] = BUILT_SCREENS.map((s) => ({
    path: s.path.slice('/manage/'.length),
    element: <LazyScreen load={s.load} />,
  }));
  return [
    {
      element: <RouteShell />,
      children: [
        ...publicRoutes,
        {
          path: '/manage',
          element: (
            <RequireSession>
              <LazyScreen load={SHELL_LOADER} />
            </RequireSession>
          ),
          children: [
            { index: true, element: <LazyScreen load={HOME_LOADER} /> },
            ...screens,
            ...INNER_ROUTES.map((r) => ({ path: r.path, element: <LazyScreen load={r.load} /> })),
            { path: '*', element: <NotFound /> },
          ],
        },
        { path: '*', element: <NotFound /> },
      ],
    },
  ];
}

export function createRouter() {
  return createBrowserRouter(buildRoutes());
}
