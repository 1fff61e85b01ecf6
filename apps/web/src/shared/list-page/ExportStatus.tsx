import { LoadingOutlined } from '@ant-design/icons';
import { Button, Flex, Progress, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Download } from '../../app/http/client';
import { notice } from '../../app/notice';
import { saveDownload } from '../download';
import type { ExportProgress } from './types';

/** An export on its way: bytes received so far and the size when the server said it. */
export interface ExportState {
  received: number;
  total: number | null;
}

/** "350 KB", "12.4 MB": the size of what has arrived. */
export function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(0, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const isAbort = (e: unknown) => e instanceof Error && e.name === 'AbortError';

/**
 * Runs an export with its progress: the state while the file streams in (null when none runs), `start` to run one
 * and `cancel` to stop it. A cancelled export saves nothing, even when its call did not honour the signal.
 */
export function useExport() {
  const { t } = useTranslation();
  const [state, setState] = useState<ExportState | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (run: (progress: ExportProgress) => Promise<Download>) => {
    if (controller.current) return;
    const abort = new AbortController();
    controller.current = abort;
    setState({ received: 0, total: null });
    try {
      const file = await run({
        signal: abort.signal,
        onProgress: (received, total) => {
          if (!abort.signal.aborted) setState({ received, total });
        },
      });
      if (!abort.signal.aborted) saveDownload(file);
    } catch (error) {
      if (!abort.signal.aborted && !isAbort(error)) throw error;
    } finally {
      if (controller.current === abort) controller.current = null;
      setState(null);
    }
  }, []);

  const cancel = useCallback(() => {
    const abort = controller.current;
    if (!abort) return;
    abort.abort();
    controller.current = null;
    setState(null);
    notice.info(t('list.export.cancelled'));
  }, [t]);

  return { state, start, cancel };
}

/** The export's line under the toolbar: a spinner or a bar, what has arrived, and a cancel button. */
export function ExportStatus({ state, onCancel }: { state: ExportState | null; onCancel: () => void }) {
  const { t } = useTranslation();
  if (!state) return null;
  const percent = state.total ? Math.min(100, Math.floor((state.received / state.total) * 100)) : null;
  return (
    <Flex align="center" gap={12} role="status" aria-live="polite" data-testid="export-status" wrap>
      {percent === null ? <LoadingOutlined /> : <Progress percent={percent} size="small" style={{ width: 160 }} />}
      <Typography.Text>
        {state.received === 0
          ? t('list.export.preparing')
          : t('list.export.receiving', { size: sizeText(state.received) })}
      </Typography.Text>
      <Button size="small" onClick={onCancel} data-testid="export-cancel">
        {t('list.export.cancel')}
      </Button>
    </Flex>
  );
}
