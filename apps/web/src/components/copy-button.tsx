import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Button, message, Tooltip, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { copyText } from '../lib/clipboard';
import type { MessageId } from '../locales/types';

interface CopyButtonProps {
  text: string;
  testId?: string;
  /** What the button says (default "Copy"); for an icon-only button, its accessible name and tooltip. */
  label?: MessageId;
  /** Values of the label's placeholders, e.g. `{ count }` in "Copy all ({count})". */
  labelValues?: Record<string, string | number>;
  iconOnly?: boolean;
  size?: ButtonProps['size'];
  type?: ButtonProps['type'];
  disabled?: boolean;
}

/** Copies `text` and says so; falls back to a hint when the browser refuses. */
export function CopyButton({
  text,
  testId,
  label = 'common.copy',
  labelValues,
  iconOnly = false,
  size,
  type,
  disabled,
}: CopyButtonProps) {
  const intl = useIntl();
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    if (await copyText(text)) {
      setCopied(true);
      void message.success(intl.formatMessage({ id: 'common.copied' }));
      setTimeout(() => setCopied(false), 2000);
    } else {
      void message.warning(intl.formatMessage({ id: 'common.copyFailed' }));
    }
  };

  const name = copied
    ? intl.formatMessage({ id: 'common.copied' })
    : intl.formatMessage({ id: label }, labelValues);
  const button = (
    <Button
      icon={copied ? <CheckOutlined /> : <CopyOutlined />}
      size={size}
      type={type}
      disabled={disabled}
      onClick={() => void copy()}
      data-testid={testId}
      aria-label={iconOnly ? name : undefined}
    >
      {iconOnly ? null : name}
    </Button>
  );
  return iconOnly ? <Tooltip title={name}>{button}</Tooltip> : button;
}
