import type { Modal, message } from 'antd';
import i18n from 'i18next';
import { createElement } from 'react';
import { ERROR_DELAY_TIME } from './constants';
import { ApiError } from './http/ApiError';

/**
 * Notices usable outside components (http client, version watcher). Hosts in the providers and the shell hand
 * over antd's context-aware instances, so notices follow the theme and locale. The message host is loaded on
 * the first notice only: notices asked for before it is there wait in a queue.
 */
type MessageApi = ReturnType<typeof message.useMessage>[0];
type ModalApi = ReturnType<typeof Modal.useModal>[0];
type Pending = (api: MessageApi) => void;
let messageApi: MessageApi | null = null;
let modalApi: ModalApi | null = null;
let pending: Pending[] = [];
let requestHost: (() => void) | null = null;

/** The providers register how to mount the message host when the first notice comes. */
export function onMessageHostNeeded(request: () => void): void {
  requestHost = request;
}

export function bindMessages(api: MessageApi | null): void {
  messageApi = api;
  if (!api) return;
  const queued = pending;
  pending = [];
  for (const show of queued) show(api);
}

function withMessages(show: Pending): void {
  if (messageApi) {
    show(messageApi);
    return;
  }
  pending.push(show);
  requestHost?.();
}

/** Modals are bound by the signed-in shell only, so the login page does not carry the modal code. */
export function bindModals(api: ModalApi | null): void {
  modalApi = api;
}

/** The text to show for any error: the server's translated message, or the client's own language key. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.message) return error.message;
    return i18n.t(error.messageKey ?? 'error.server');
  }
  if (error instanceof Error && error.message.startsWith('error.')) return i18n.t(error.message);
  return i18n.t('error.server');
}

export const notice = {
  error(error: unknown): void {
    const text = errorText(error);
    withMessages((api) => api.error(text, ERROR_DELAY_TIME / 1000));
  },
  success(text: string): void {
    withMessages((api) => api.success(text));
  },
  info(text: string): void {
    withMessages((api) => api.info(text));
  },
  warning(text: string): void {
    withMessages((api) => api.warning(text, ERROR_DELAY_TIME / 1000));
  },
  /** Asks a yes/no question, with a list of points under it when given; resolves true on OK. */
  ask(text: string, details: string[] = []): Promise<boolean> {
    if (!modalApi) return Promise.resolve(window.confirm([text, ...details].join('\n')));
    const modal = modalApi;
    const content = details.length
      ? createElement(
          'div',
          null,
          createElement('p', null, text),
          createElement(
            'ul',
            { 'data-testid': 'confirm-details' },
            details.map((d, i) => createElement('li', { key: i }, d)),
          ),
        )
      : text;
    return new Promise<boolean>((resolve) => {
      modal.confirm({
        title: i18n.t('common.confirmTitle'),
        content,
        okText: i18n.t('common.ok'),
        cancelText: i18n.t('common.cancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
  },
};
