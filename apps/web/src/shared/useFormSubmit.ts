import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { notice } from '../app/notice';
import { applyFieldErrors } from './formErrors';
import { useActionGuard } from './useActionGuard';

export interface FormSubmitOptions<V, R> {
  /** Sends the validated values; runs only when the form's own rules pass. */
  submit: (values: V) => Promise<R>;
  /** After the success notice: close, reload, select what was saved. */
  onSuccess?: (result: R, values: V) => unknown;
  /** Form fields the server's field errors may name; an error on another field goes to the general notice. */
  fields?: readonly string[];
  /** Language key of the success notice; null when `onSuccess` says something of its own. */
  successKey?: string | null;
  /** The form's rules failed (e.g. switch to the tab holding the fields). */
  onInvalid?: () => void;
  /** The server named fields of this form (e.g. switch to their tab). */
  onFieldErrors?: () => void;
}

/**
 * The one way a form drawer or modal saves: anti-double-click (one call in flight, `busy` for the button), the
 * form's rules first, the server's field errors onto the form's fields, anything else as a notice, and
 * "saved" on success.
 */
export function useFormSubmit<V, R = unknown>(form: FormInstance, opts: FormSubmitOptions<V, R>) {
  const { t } = useTranslation();
  const { run, busy } = useActionGuard(async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      opts.onInvalid?.();
      return;
    }
    try {
      const result = await opts.submit(values);
      if (opts.successKey !== null) notice.success(t(opts.successKey ?? 'common.saved'));
      await opts.onSuccess?.(result, values);
    } catch (error) {
      if (applyFieldErrors(form, error, opts.fields)) opts.onFieldErrors?.();
      else notice.error(error);
    }
  });
  return { submit: run, busy };
}
