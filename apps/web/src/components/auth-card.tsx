import { theme } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../locales/types';

/**
 * The card every public /user/* page sits in. Plain elements styled with theme tokens rather than
 * antd Card/Typography: those pull Tabs and Tooltip into the sign-in page's download.
 */
export function AuthCard({ title, children }: { title: MessageId; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <section
      style={{
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        border: `1px solid ${token.colorBorderSecondary}`,
        boxShadow: '0 6px 24px rgba(22, 119, 255, 0.08)',
        padding: 32,
      }}
    >
      <h1
        style={{
          fontSize: token.fontSizeHeading3,
          fontWeight: 600,
          margin: '0 0 24px',
          color: token.colorTextHeading,
        }}
      >
        <FormattedMessage id={title} />
      </h1>
      {children}
    </section>
  );
}
