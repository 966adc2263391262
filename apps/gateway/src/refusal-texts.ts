import type { ServerLang } from '@resiport/contract';
import type { Refusal } from './refusals';

/**
 * The body of every HTTP refusal: what happened and what the customer can do about it, in English
 * and Russian (picked by the request's Accept-Language). Customers see these in curl output and in
 * their scrapers' logs, so each says the next step, not just the reason code (that is the header).
 */
export const refusalTexts = {
  auth_required: {
    'en-us':
      'Proxy authentication required: send the username and password of your sub-account, or add this IP address to your whitelist in the portal.',
    ru: 'Требуется авторизация на прокси: укажите логин и пароль субаккаунта или добавьте этот IP-адрес в белый список в личном кабинете.',
  },
  auth_failed: {
    'en-us':
      'Wrong proxy username or password: check the username and password of your sub-account in the portal (or whitelist your IP address).',
    ru: 'Неверный логин или пароль прокси: проверьте логин и пароль субаккаунта в личном кабинете (или добавьте свой IP-адрес в белый список).',
  },
  bad_username: {
    'en-us':
      'The proxy username is malformed: check the username and its options (SUBUSER-country-CC-city-NAME-session-ID-sesstime-MIN) and the password.',
    ru: 'Логин прокси записан неверно: проверьте логин и его параметры (SUBUSER-country-CC-city-NAME-session-ID-sesstime-MIN) и пароль.',
  },
  throttled: {
    'en-us':
      'Too many failed logins from your IP address: wait a minute, then retry with the right username and password.',
    ru: 'Слишком много неудачных попыток входа с вашего IP-адреса: подождите минуту и повторите с верным логином и паролем.',
  },
  disabled: {
    'en-us': 'This sub-account or its account is disabled: enable it in the portal or contact support.',
    ru: 'Субаккаунт или его аккаунт отключён: включите его в личном кабинете или обратитесь в поддержку.',
  },
  no_traffic: {
    'en-us':
      'Out of traffic: top up your balance or allocate traffic to this sub-account in the portal, then retry.',
    ru: 'Трафик закончился: пополните баланс или выделите трафик этому субаккаунту в личном кабинете, затем повторите.',
  },
  cap_reached: {
    'en-us':
      "This sub-account reached its daily or monthly traffic cap: it works again after 00:00 UTC (or the month's first day), or raise the cap in the portal.",
    ru: 'Субаккаунт исчерпал дневной или месячный лимит трафика: он снова заработает после 00:00 UTC (или с первого числа месяца), либо увеличьте лимит в личном кабинете.',
  },
  expired: {
    'en-us':
      'This sub-account has expired (its last day is over) and its traffic went back to your main account: set a later last day in the portal and allocate traffic again.',
    ru: 'Срок действия субаккаунта истёк, а его трафик вернулся на основной аккаунт: укажите в личном кабинете более позднюю дату окончания и снова выделите трафик.',
  },
  too_many_connections: {
    'en-us':
      "Too many open connections for your account or this sub-account's own limit: close some of them, wait a moment and retry (or raise the sub-account's limit in the portal).",
    ru: 'Слишком много открытых соединений у вашего аккаунта или сверх лимита этого субаккаунта: закройте часть из них, подождите и повторите (или увеличьте лимит субаккаунта в личном кабинете).',
  },
  destination_refused: {
    'en-us':
      'This destination is not allowed: private, loopback, link-local and metadata addresses cannot be reached through the proxy.',
    ru: 'Этот адрес назначения запрещён: частные, локальные (loopback, link-local) и служебные адреса недоступны через прокси.',
  },
  no_exit: {
    'en-us':
      'No exit serves the requested country, state or city: change or remove the targeting in the username.',
    ru: 'Нет выхода для запрошенной страны, региона или города: измените или уберите таргетинг в логине.',
  },
  exit_failed: {
    'en-us': 'The proxy could not connect through any of its exits: retry in a moment.',
    ru: 'Прокси не смог подключиться ни через один из выходов: повторите чуть позже.',
  },
  unreachable: {
    'en-us':
      'The destination could not be reached: its host name does not resolve or the host is unreachable.',
    ru: 'Адрес назначения недоступен: имя хоста не находится или хост недоступен.',
  },
  connection_refused: {
    'en-us': 'The destination refused the connection: check the host and port.',
    ru: 'Адрес назначения отклонил соединение: проверьте хост и порт.',
  },
  timeout: {
    'en-us': 'The destination did not answer in time: retry later.',
    ru: 'Адрес назначения не ответил вовремя: повторите позже.',
  },
  server_unavailable: {
    'en-us': 'The proxy service is temporarily unavailable: retry in a moment.',
    ru: 'Сервис прокси временно недоступен: повторите чуть позже.',
  },
  bad_request: {
    'en-us':
      'Not a proxy request: use CONNECT host:port, or an absolute http:// URL (https:// goes through CONNECT).',
    ru: 'Это не запрос к прокси: используйте CONNECT host:port или абсолютный URL http:// (https:// — через CONNECT).',
  },
} as const satisfies Record<Refusal, Record<ServerLang, string>>;
