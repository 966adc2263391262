import { GlobalOutlined } from '@ant-design/icons';
import { webLocales, type WebLocale } from '@resiport/contract';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { setLanguage } from '../features/account/api/set-language';
import { activeLocale } from '../lib/active-locale';
import { readAuthData } from '../lib/auth-storage';
import { safeLocalStorage } from '../lib/browser-storage';
import { localeLabels, switchLocale } from '../lib/i18n';

/** Language menu for the header and the public pages; choosing a language reloads the page (spec §4). */
export function LanguageSwitch() {
  const intl = useIntl();
  const [switching, setSwitching] = useState(false);

  const choose = (next: WebLocale) => {
    if (next === activeLocale) return;
    setSwitching(true);
    void switchLocale(next, {
      storage: safeLocalStorage(),
      signedIn: readAuthData(safeLocalStorage()) !== null,
      saveServerLang: setLanguage,
      reload: () => window.location.reload(),
    });
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [activeLocale],
        items: webLocales.map((locale) => ({
          key: locale,
          label: <span data-testid={`language-option-${locale}`}>{localeLabels[locale]}</span>,
        })),
        onClick: ({ key }) => choose(key as WebLocale),
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        loading={switching}
        data-testid="language-switch"
        aria-label={intl.formatMessage({ id: 'layout.language' })}
      >
        {localeLabels[activeLocale]}
      </Button>
    </Dropdown>
  );
}
