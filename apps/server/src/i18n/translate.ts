import { langFromAcceptLanguage, type ServerLang } from '@resiport/contract';
import type { FastifyRequest } from 'fastify';
import { en } from './en';
import type { MessageKey } from './messages';
import { ru } from './ru';

export type MessageParams = Record<string, string | number>;

const catalogues = { 'en-us': en, ru } as const;

export function translate(lang: ServerLang, key: MessageKey, params: MessageParams = {}): string {
  return catalogues[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole));
}

/** The account's chosen language when signed in, else the browser's Accept-Language. */
export function requestLang(request: FastifyRequest): ServerLang {
  return request.account?.lang ?? langFromAcceptLanguage(request.headers['accept-language']);
}
