import { accountPaths, type ServerLang } from '@resiport/contract';
import { api } from '../../../lib/api';
import { noData } from '../../../lib/api-client';

/** POST /user/setlang: the language the server uses for this account's messages and mails. */
export async function setLanguage(lang: ServerLang): Promise<void> {
  await api.post(accountPaths.setLang, { params: { lang }, schema: noData });
}
