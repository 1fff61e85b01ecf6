import { Button, Spin } from 'antd';
import {
  Component,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { StatusMessage } from '../shared/StatusMessage';
import { SCREEN_LOAD_TIMEOUT_MS } from './constants';

export type ScreenModule = { default: ComponentType };
export type ScreenLoader = () => Promise<ScreenModule>;

/** Rejects when the chunk has not arrived within the limit (2 minutes, specification §8). */
export function withTimeout<T>(promise: Promise<T>, ms = SCREEN_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('error.loadFailure')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

class LoadBoundary extends Component<{
  fallback: (retry: () => void) => ReactNode;
  onRetry: () => void;
  children: ReactNode;
}> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('screen failed', error, info.componentStack);
  }

  retry = () => {
    this.setState({ failed: false });
    this.props.onRetry();
  };

  override render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}

function LoadFailure({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <StatusMessage
      kind="warning"
      title={t('error.loadFailure')}
      extra={
        <Button type="primary" onClick={retry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}

export function ScreenSpinner() {
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
      <Spin />
    </div>
  );
}

/**
 * One lazy component per loader, kept outside React: a navigation rendered in a transition may be thrown away
 * and rendered again, and a lazy component made during render would then start its import again for ever.
 * A failed load leaves the cache, so a retry imports afresh (React keeps a failed lazy component failed).
 */
const screens = new Map<ScreenLoader, LazyExoticComponent<ComponentType>>();

function lazyScreen(load: ScreenLoader): LazyExoticComponent<ComponentType> {
  let screen = screens.get(load);
  if (!screen) {
    screen = lazy(() =>
      withTimeout(load()).catch((error: unknown) => {
        screens.delete(load);
        throw error;
      }),
    );
    screens.set(load, screen);
  }
  return screen;
}

/** A lazily loaded screen; a chunk that fails or takes longer than the limit shows the load failure with a retry. */
export function LazyScreen({ load }: { load: ScreenLoader }) {
  const [, setAttempt] = useState(0);
  const Screen = lazyScreen(load);
  return (
    <LoadBoundary fallback={(retry) => <LoadFailure retry={retry} />} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<ScreenSpinner />}>
        <Screen />
      </Suspense>
    </LoadBoundary>
  );
}
