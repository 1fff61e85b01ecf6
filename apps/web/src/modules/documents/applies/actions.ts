import type { UploadProps } from 'antd';
import i18n from 'i18next';
import { notice } from '../../../app/notice';

/** An Upload's request: sends the file, says it arrived (or why not), then refreshes what shows it. */
export function uploadWith(
  send: (file: File) => Promise<unknown>,
  after: () => Promise<unknown>,
): UploadProps['customRequest'] {
  return ({ file, onSuccess, onError }) => {
    send(file as File)
      .then(async (r) => {
        onSuccess?.(r);
        notice.success(i18n.t('attachment.uploaded', { name: (file as File).name }));
        await after();
      })
      .catch((error: unknown) => {
        onError?.(error as Error);
        notice.error(error);
      });
  };
}

/** Asks first (a delete asks "Are you sure to delete?"), then acts, says it is done and refreshes. */
export async function confirmed(
  act: () => Promise<unknown>,
  after: () => Promise<unknown>,
  keys: { ask?: string; done?: string } = {},
): Promise<void> {
  if (!(await notice.ask(i18n.t(keys.ask ?? 'common.confirmDelete')))) return;
  await act();
  notice.success(i18n.t(keys.done ?? 'common.deleted'));
  await after();
}
