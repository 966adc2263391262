import { MailOutlined } from '@ant-design/icons';
import { Button, message } from 'antd';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useResendActivation } from '../api/resend-activation';

/** Sends the activation mail again; shows the server's confirmation and then stays disabled. */
export function ResendActivationButton({ email }: { email: string }) {
  const resend = useResendActivation();
  const [sent, setSent] = useState(false);

  const send = async () => {
    try {
      void message.success(await resend.mutateAsync(email));
      setSent(true);
    } catch {
      // The request wrapper has already shown why (for example the rate limit).
    }
  };

  return (
    <Button
      icon={<MailOutlined />}
      loading={resend.isPending}
      disabled={sent}
      onClick={() => void send()}
      data-testid="resend-activation"
    >
      <FormattedMessage id={sent ? 'auth.activation.resent' : 'auth.activation.resend'} />
    </Button>
  );
}
