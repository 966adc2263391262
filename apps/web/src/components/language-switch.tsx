import { webLocales, type WebLocale } from '@resiport/contract';
import { Segmented } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { setServerLanguage } from '../lib/server-language';
import { activeLocale } from '../lib/active-locale';
import { safeLocalStorage } from '../lib/browser-storage';
import { isWebLocale, localeLabels, switchLocale } from '../lib/i18n';
import { isSignedIn, readOperatorView } from '../lib/operator-view';

/**
 * Language choice for the header and the public pages; choosing reloads the page (docs/product.md#locale).
 * A segmented control rather than a dropdown: with two languages both stay visible, and the
 * sign-in page does not download antd's Menu.
 */
export function LanguageSwitch() {
  const intl = useIntl();
  const [chosen, setChosen] = useState<WebLocale>(activeLocale);

  const choose = (next: WebLocale) => {
    if (next === activeLocale) return;
    setChosen(next);
    void switchLocale(next, {
      storage: safeLocalStorage(),
      // A view tab never changes the customer's own language.
      signedIn: isSignedIn() && readOperatorView() === null,
      saveServerLang: setServerLanguage,
      reload: () => window.location.reload(),
    });
  };

  return (
    <Segmented<string>
      size="small"
      data-testid="language-switch"
      aria-label={intl.formatMessage({ id: 'common.language' })}
      value={chosen}
      onChange={(value) => {
        if (isWebLocale(value)) choose(value);
      }}
      options={webLocales.map((locale) => ({
        value: locale,
        label: <span data-testid={`language-option-${locale}`}>{localeLabels[locale]}</span>,
      }))}
    />
  );
}
