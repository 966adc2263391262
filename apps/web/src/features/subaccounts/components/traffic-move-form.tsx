import { ResultCode, type SubAccount } from '@resiport/contract';
import { Button, Form, message, Segmented, Typography } from 'antd';
import { useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { hasCode } from '../../../lib/api-error';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useMoveSubTraffic } from '../api/move-sub-traffic';
import { trafficFieldByCode, trafficFields } from '../sub-codes';
import { checkTrafficAmount, exactGbFigure, trafficMaxFor, type TrafficAction } from '../traffic-amount';
import { moveAttemptFor, type MoveAttempt } from '../traffic-move';
import { TrafficAmountItem } from './traffic-amount-item';

interface TrafficMoveValues {
  action: TrafficAction;
  traffic: string;
}

interface TrafficMoveFormProps {
  sub: SubAccount;
  /** What the main account can give right now. */
  mainLeftBytes: number;
  initialAction?: TrafficAction;
  /** After a move succeeded (e.g. close the dialog). */
  onMoved?: () => void;
}

/**
 * Allocate traffic to a sub-account or recycle it back (POST /auth/trafficupdate). One request id
 * per submitted move: a double click or a retry after a network failure repeats the same id, so
 * the traffic moves once.
 */
export function TrafficMoveForm({
  sub,
  mainLeftBytes,
  initialAction = 'allocate',
  onMoved,
}: TrafficMoveFormProps) {
  const intl = useIntl();
  const [form] = Form.useForm<TrafficMoveValues>();
  const move = useMoveSubTraffic();
  const attempt = useRef<MoveAttempt | null>(null);
  const busy = useRef(false);
  // Undefined until the form has mounted, whatever antd's typing says.
  const action = (Form.useWatch('action', form) as TrafficAction | undefined) ?? initialAction;
  const maxBytes = trafficMaxFor(action, mainLeftBytes, sub);

  const submit = async (values: TrafficMoveValues) => {
    const check = checkTrafficAmount(values.traffic, trafficMaxFor(values.action, mainLeftBytes, sub));
    // A second click can land before the button shows it is busy.
    if (!check.ok || busy.current) return;
    busy.current = true;
    const current = moveAttemptFor(
      attempt.current,
      { id: sub.id, action: values.action, bytes: check.bytes },
      newIdempotencyKey,
    );
    attempt.current = current;
    try {
      await move.mutateAsync({
        id: sub.id,
        action: values.action,
        traffic: check.text,
        request_id: current.key,
      });
      // Done: the same amount again is another move.
      attempt.current = null;
      void message.success(
        intl.formatMessage(
          {
            id: values.action === 'allocate' ? 'subaccount.traffic.allocated' : 'subaccount.traffic.recycled',
          },
          // The amount that moved, to the byte: the same figure the field held.
          { gb: exactGbFigure(check.bytes), username: sub.username },
        ),
      );
      form.resetFields(['traffic']);
      onMoved?.();
    } catch (error) {
      if (hasCode(error, ResultCode.IdempotencyKeyReused)) attempt.current = null;
      showServerFieldErrors(form, error, trafficFields, trafficFieldByCode);
    } finally {
      busy.current = false;
    }
  };

  const actionLabel = (id: TrafficAction) =>
    intl.formatMessage({
      id: id === 'allocate' ? 'subaccount.traffic.allocate' : 'subaccount.traffic.recycle',
    });

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ action: initialAction, traffic: '' }}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item name="action" label={intl.formatMessage({ id: 'subaccount.traffic.action' })}>
        <Segmented<TrafficAction>
          block
          data-testid="sub-traffic-action"
          options={(['allocate', 'recycle'] as const).map((value) => ({ value, label: actionLabel(value) }))}
        />
      </Form.Item>
      <Typography.Paragraph type="secondary">
        <FormattedMessage
          id={action === 'allocate' ? 'subaccount.traffic.allocateHint' : 'subaccount.traffic.recycleHint'}
          values={{ username: sub.username }}
        />
      </Typography.Paragraph>
      <TrafficAmountItem
        name="traffic"
        label={intl.formatMessage({ id: 'subaccount.traffic.amount' })}
        maxBytes={maxBytes}
        dependencies={['action']}
        testId="sub-traffic-amount"
        maxTestId="sub-traffic-max"
      />
      <Button
        type="primary"
        htmlType="submit"
        block
        loading={move.isPending}
        data-testid="sub-traffic-submit"
      >
        {actionLabel(action)}
      </Button>
    </Form>
  );
}
