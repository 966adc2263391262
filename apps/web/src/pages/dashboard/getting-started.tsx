import { Card, Steps } from 'antd';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import type { MessageId } from '../../locales/types';

const steps: { title: MessageId; description: MessageId; to: string }[] = [
  { title: 'dashboard.start.fund', description: 'dashboard.start.fundHint', to: paths.recharge },
  { title: 'dashboard.start.buy', description: 'dashboard.start.buyHint', to: paths.newOrder },
  { title: 'dashboard.start.sub', description: 'dashboard.start.subHint', to: paths.subAccounts },
  { title: 'dashboard.start.generate', description: 'dashboard.start.generateHint', to: paths.residential },
];

/** The path from a new account to a working proxy list, each step linking to its screen. */
export function GettingStarted() {
  return (
    <Card title={<FormattedMessage id="dashboard.start.title" />}>
      <Steps
        direction="vertical"
        size="small"
        current={-1}
        items={steps.map((step) => ({
          title: (
            <Link to={step.to}>
              <FormattedMessage id={step.title} />
            </Link>
          ),
          description: <FormattedMessage id={step.description} />,
        }))}
      />
    </Card>
  );
}
