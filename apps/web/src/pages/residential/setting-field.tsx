import { Flex, Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

interface SettingFieldProps {
  label: ReactNode;
  /** The control's id, so clicking the label focuses it; none for radio groups (they carry aria-label). */
  htmlFor?: string;
  /** A hint under the control. */
  extra?: ReactNode;
  style?: CSSProperties;
  children: ReactNode;
}

/**
 * A labelled setting of the generator. Its controls are not a form (nothing is submitted; every
 * change applies at once), so antd's Form, whose chunk the sign-in page shares, stays out of it.
 */
export function SettingField({ label, htmlFor, extra, style, children }: SettingFieldProps) {
  return (
    <Flex vertical gap={6} style={{ marginBottom: 16, minWidth: 0, ...style }}>
      <label htmlFor={htmlFor}>{label}</label>
      {children}
      {extra !== undefined && (
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {extra}
        </Typography.Text>
      )}
    </Flex>
  );
}
