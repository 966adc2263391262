import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Button, message } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { copyText } from '../lib/clipboard';

/** Copies `text` and says so; falls back to a hint when the browser refuses. */
export function CopyButton({ text, testId }: { text: string; testId?: string }) {
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

  return (
    <Button
      icon={copied ? <CheckOutlined /> : <CopyOutlined />}
      onClick={() => void copy()}
      data-testid={testId}
    >
      {intl.formatMessage({ id: copied ? 'common.copied' : 'common.copy' })}
    </Button>
  );
}
