import type { WebLocale } from '@resiport/contract';
import type { Locale as AntdLocale } from 'antd/es/locale';
import type { Translation } from './types';
import type messages from './en-US';

export type Messages = Translation<typeof messages>;

export interface LocaleBundle {
  messages: Messages;
  antd: AntdLocale;
}

/** Loads only the active language's texts (ours and antd's): each language is its own chunk. */
export async function loadLocaleBundle(locale: WebLocale): Promise<LocaleBundle> {
  switch (locale) {
    case 'en-US': {
      const [ours, antd] = await Promise.all([import('./en-US'), import('antd/es/locale/en_US')]);
      return { messages: ours.default, antd: antd.default };
    }
    case 'ru-RU': {
      const [ours, antd] = await Promise.all([import('./ru-RU'), import('antd/es/locale/ru_RU')]);
      return { messages: ours.default, antd: antd.default };
    }
  }
}
