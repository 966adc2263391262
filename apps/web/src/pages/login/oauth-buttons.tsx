import { GoogleOutlined } from '@ant-design/icons';
import { accountLinks } from '@resiport/contract';
import { Button, Flex } from 'antd';
import { FormattedMessage } from 'react-intl';
import { TextRule } from '../../components/text-rule';
import { paths } from '../../config/paths';
import { useOAuthProviders } from '../../features/account/api/get-oauth-providers';
import { api } from '../../lib/api';
import { peekPendingNavigation, toHref } from '../../lib/auth-storage';
import { safeSessionStorage } from '../../lib/browser-storage';

/** The whole page goes to the server's OAuth start, which returns here with `oauth_code` (docs/product.md#navigation-rules). */
function startOAuth(start: typeof accountLinks.googleStart): void {
  const pending = peekPendingNavigation(safeSessionStorage());
  const redirect = pending ? toHref(pending) : paths.home;
  window.location.href = api.linkUrl(start, { redirect });
}

function YandexMark() {
  return (
    <span aria-hidden style={{ fontWeight: 700, color: '#fc3f1d', fontFamily: 'Arial, sans-serif' }}>
      Я
    </span>
  );
}

/** Google and Yandex buttons, each shown only when the server has that provider configured. */
export function OAuthButtons() {
  const { data } = useOAuthProviders();
  if (!data?.google && !data?.yandex) return null;
  return (
    <>
      <TextRule margin="20px 0 16px">
        <FormattedMessage id="auth.login.or" />
      </TextRule>
      <Flex vertical gap={8}>
        {data.google && (
          <Button
            size="large"
            icon={<GoogleOutlined />}
            block
            onClick={() => startOAuth(accountLinks.googleStart)}
          >
            <FormattedMessage id="auth.oauth.google" />
          </Button>
        )}
        {data.yandex && (
          <Button
            size="large"
            icon={<YandexMark />}
            block
            onClick={() => startOAuth(accountLinks.yandexStart)}
          >
            <FormattedMessage id="auth.oauth.yandex" />
          </Button>
        )}
      </Flex>
    </>
  );
}
