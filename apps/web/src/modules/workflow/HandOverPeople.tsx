import { Form } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notice } from '../../app/notice';
import { Panel } from '../../shared/Panel';
import { EmployeePicker } from '../org/pickers/EmployeePicker';

/** The two people of a hand-over: who gives up their place (a leaver may be picked) and who takes it. */
export function HandOverPeople(props: {
  idPrefix: string;
  fromLabel: string;
  toLabel: string;
  from: number | undefined;
  to: number | undefined;
  onFrom: (id: number | undefined) => void;
  onTo: (id: number | undefined) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { idPrefix: p } = props;
  return (
    <Panel title={t('workflow.replace.who')}>
      <Form layout="inline">
        <Form.Item label={props.fromLabel} htmlFor={`${p}-from`}>
          <div style={{ width: 320 }}>
            <EmployeePicker
              id={`${p}-from`}
              includeInactive
              data-testid={`${p}-from`}
              value={props.from as never}
              onChange={props.onFrom as never}
            />
          </div>
        </Form.Item>
        <Form.Item label={props.toLabel} htmlFor={`${p}-to`}>
          <div style={{ width: 320 }}>
            <EmployeePicker
              id={`${p}-to`}
              data-testid={`${p}-to`}
              value={props.to as never}
              onChange={props.onTo as never}
            />
          </div>
        </Form.Item>
        {props.children}
      </Form>
    </Panel>
  );
}

/**
 * Whether a hand-over may go ahead: both people picked, something selected unless it is for all, and the user said
 * yes to the question.
 */
export async function handOverAgreed(
  t: TFunction,
  v: { from: number | undefined; to: number | undefined; all: boolean; selected: number; keys: string },
): Promise<boolean> {
  if (v.from === undefined || v.to === undefined) {
    notice.warning(t('workflow.replace.pickBoth'));
    return false;
  }
  if (!v.all && v.selected === 0) {
    notice.warning(t(`${v.keys}.pickSome`));
    return false;
  }
  return notice.ask(v.all ? t(`${v.keys}.confirmAll`) : t(`${v.keys}.confirmSelected`, { count: v.selected }));
}
