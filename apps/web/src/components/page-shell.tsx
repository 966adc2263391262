import { PageContainer } from '@ant-design/pro-components';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../locales/types';

interface PageShellProps {
  title: MessageId;
  /** One line under the title saying what the screen is for. */
  subtitle?: MessageId;
  extra?: ReactNode;
  children: ReactNode;
}

/** The frame of every signed-in screen: title, purpose line, actions on the right. */
export function PageShell({ title, subtitle, extra, children }: PageShellProps) {
  return (
    <PageContainer
      title={<FormattedMessage id={title} />}
      subTitle={subtitle ? <FormattedMessage id={subtitle} /> : undefined}
      extra={extra}
      breadcrumbRender={false}
    >
      {children}
    </PageContainer>
  );
}
