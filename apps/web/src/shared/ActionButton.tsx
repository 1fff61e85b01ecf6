import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { notice } from '../app/notice';
import { useActionGuard } from './useActionGuard';

export interface ActionButtonProps extends Omit<ButtonProps, 'onClick'> {
  onAction: () => unknown;
  /** Errors are shown as notices unless the caller handles them itself. */
  showErrors?: boolean;
}

/** A button with the 1000 ms anti-double-click and a spinner while its action runs. */
export function ActionButton({ onAction, showErrors = true, loading, ...rest }: ActionButtonProps) {
  const { run, busy } = useActionGuard(async () => {
    try {
      await onAction();
    } catch (error) {
      if (showErrors) notice.error(error);
    }
  });
  return (
    <Button
      {...rest}
      loading={busy || loading}
      onClick={(event: MouseEvent) => {
        event.preventDefault();
        void run();
      }}
    />
  );
}
