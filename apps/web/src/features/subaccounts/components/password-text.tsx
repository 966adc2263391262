import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { CopyButton } from '../../../components/copy-button';

/** Always the same mask, so a hidden password does not give away its length. */
const MASK = '••••••••';

/** A proxy password, masked until revealed, with a copy button that works either way. */
export function PasswordText({ password }: { password: string }) {
  const intl = useIntl();
  const [shown, setShown] = useState(false);
  const toggleName = intl.formatMessage({
    id: shown ? 'subaccount.password.hide' : 'subaccount.password.show',
  });
  return (
    <Flex align="center" gap={2}>
      <Typography.Text code data-testid="sub-password" style={{ whiteSpace: 'nowrap' }}>
        {shown ? password : MASK}
      </Typography.Text>
      <Button
        size="small"
        type="text"
        icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
        aria-label={toggleName}
        aria-pressed={shown}
        title={toggleName}
        data-testid="sub-password-reveal"
        onClick={() => setShown(!shown)}
      />
      <CopyButton text={password} iconOnly size="small" type="text" label="subaccount.copyPassword" />
    </Flex>
  );
}
