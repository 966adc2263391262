import { accountEndpoints, type ServerLang } from '@resiport/contract';
import { api } from './api';

/** POST /user/setlang: the language the server uses for this account's messages and mails. */
export async function setServerLanguage(lang: ServerLang): Promise<void> {
  await api.send(accountEndpoints.setLang, { lang });
}
