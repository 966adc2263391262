import type { EnglishNamespaces } from './namespaces';

/** Every message id the UI may show: the keys of every English namespace (the reference catalogue). */
export type MessageId = {
  [N in keyof EnglishNamespaces]: keyof EnglishNamespaces[N];
}[keyof EnglishNamespaces];

/**
 * A translation of one English namespace file: the same keys, every one a string. A key missing in
 * Russian (or one Russian has and English lacks) is a type error.
 */
export type Translation<T> = { readonly [K in keyof T]: string };

/** Some of the catalogue: what the namespaces loaded so far hold. */
export type LoadedMessages = Partial<Record<MessageId, string>>;

declare global {
  // react-intl reads this to type `formatMessage({ id })` and `<FormattedMessage id>`: an unknown id is a type error.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
