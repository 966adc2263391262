import { Button, Flex, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { TrafficText } from '../../../components/traffic-text';
import { validationTexts } from '../../../lib/form-rules-localized';
import { blockArithmeticKeys } from '../../../lib/keyboard';
import {
  checkTrafficAmount,
  exactGbFigure,
  exactGbText,
  normalizeGbText,
  type TrafficProblem,
} from '../traffic-amount';

interface TrafficAmountItemProps {
  name: string;
  label: ReactNode;
  /** The most the field may hold, in bytes (what the giving side has). */
  maxBytes: number;
  /** Blank or zero allowed: an optional initial allocation. */
  optional?: boolean;
  /** On the `<input>`; the "Max" shortcut gets `maxTestId`. */
  testId: string;
  maxTestId: string;
  hint?: ReactNode;
  dependencies?: string[];
}

/**
 * A traffic amount in GB (up to 9 decimals, so any byte count can be typed; `+ - * /` blocked,
 * docs/product.md#number-inputs), checked as the server will check it and against what is available, which the field shows
 * with a "Max" shortcut that fills in all of it exactly.
 */
export function TrafficAmountItem(props: TrafficAmountItemProps) {
  const { name, label, maxBytes, optional = false, testId, maxTestId, hint, dependencies } = props;
  const intl = useIntl();
  const form = Form.useFormInstance();
  // Exactly what "Max" fills in and what would move (not a rounded 8.49 beside 8.495 in the field).
  const available = exactGbFigure(maxBytes);

  const problemText: Record<TrafficProblem, () => string> = {
    required: () => validationTexts['validation.required'],
    format: () => validationTexts['validation.traffic'],
    zero: () => intl.formatMessage({ id: 'subaccount.traffic.zero' }),
    max: () => intl.formatMessage({ id: 'subaccount.traffic.tooMuch' }, { gb: available }),
  };
  const rule = {
    validator: async (_rule: unknown, value: string | undefined) => {
      if (optional && normalizeGbText(value) === '') return;
      const check = checkTrafficAmount(value, maxBytes, { allowZero: optional });
      if (!check.ok) throw new Error(problemText[check.problem]());
    },
  };

  const fillMax = () => {
    form.setFieldValue(name, exactGbText(maxBytes));
    form.validateFields([name]).catch(() => undefined);
  };

  return (
    <Form.Item
      name={name}
      label={label}
      required={!optional}
      rules={[rule]}
      dependencies={dependencies}
      validateDebounce={300}
      extra={
        <Flex vertical>
          {hint}
          <Flex align="center" wrap>
            {/* Read like every other figure (two decimals, exact bytes on hover); "Max" still moves all of it. */}
            <span data-testid="traffic-available">
              <FormattedMessage
                id="subaccount.traffic.available"
                values={{ amount: <TrafficText bytes={Math.max(0, maxBytes)} /> }}
              />
            </span>
            <Button
              type="link"
              size="small"
              disabled={maxBytes <= 0}
              aria-label={intl.formatMessage({ id: 'subaccount.traffic.maxLabel' }, { gb: available })}
              data-testid={maxTestId}
              onClick={fillMax}
            >
              {intl.formatMessage({ id: 'subaccount.traffic.max' })}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Input
        suffix={intl.formatMessage({ id: 'common.unit.gb' })}
        inputMode="decimal"
        autoComplete="off"
        maxLength={20}
        placeholder={intl.formatMessage({ id: 'subaccount.traffic.placeholder' })}
        onKeyDown={blockArithmeticKeys}
        data-testid={testId}
      />
    </Form.Item>
  );
}
