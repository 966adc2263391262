import type { generator as en } from '../en-US/generator';
import type { Translation } from '../types';

export const generator: Translation<typeof en> = {
  'generator.title': 'Генератор прокси',
  'generator.failed': 'Не удалось загрузить генератор',
  'generator.failedHint': 'Проверьте подключение и загрузите его снова.',
  'generator.noGateway': 'Нет доступного прокси-шлюза',
  'generator.noGatewayHint': 'Сервис сейчас не указывает ни одного адреса прокси. Попробуйте позже.',
  'generator.empty': 'Сначала нужны учётные данные прокси',
  'generator.emptyHint':
    'Строки входят по логину и паролю субаккаунта или работают с IP из белого списка. Купите трафик, создайте субаккаунт и выделите ему часть.',
  'generator.empty.createSub': 'Создать субаккаунт',
  'generator.section.location': 'Местоположение',
  'generator.section.connection': 'Подключение',
  'generator.section.list': 'Список',
  'generator.country': 'Страна',
  'generator.country.any': 'Любая страна',
  'generator.country.none': 'Такой страны нет',
  'generator.state': 'Штат / регион',
  'generator.state.any': 'Любой регион',
  'generator.city': 'Город',
  'generator.city.any': 'Любой город',
  'generator.location.anyHint': 'Выход может быть где угодно; выберите страну, чтобы задать её.',
  'generator.location.noPlaces': 'Пул выбирает эту страну целиком: регионов и городов для выбора нет.',
  'generator.location.anyOnly':
    'Этот пул обслуживает только «любое местоположение»: в строках нельзя выбрать страну, регион или город (такие строки будут отклонены).',
  'generator.protocol': 'Протокол',
  'generator.protocol.http': 'HTTP',
  'generator.protocol.socks5': 'SOCKS5',
  'generator.protocol.hint':
    'HTTP(S) работает в браузерах, парсерах и большинстве программ; SOCKS5 передаёт любое TCP-соединение.',
  'generator.rotation': 'Ротация',
  'generator.rotation.rotating': 'Случайный IP',
  'generator.rotation.sticky': 'Постоянный IP',
  'generator.rotation.rotatingHint': 'Каждое новое соединение получает новый IP.',
  'generator.rotation.stickyHint':
    'Каждая строка сохраняет один IP в пределах времени сессии, пока используется; у каждой строки своя сессия.',
  'generator.stickyMinutes': 'Время сессии',
  'generator.stickyMinutes.unit': 'мин',
  'generator.stickyMinutes.hint': 'От {min} до {max, plural, one {# минуты} other {# минут}}',
  'generator.host': 'Адрес прокси',
  'generator.port': 'Порт',
  'generator.port.hint': 'По протоколу',
  'generator.auth': 'Авторизация',
  'generator.auth.subs': 'Субаккаунты',
  'generator.auth.whitelistGroup': 'Белый список IP',
  'generator.auth.whitelist': 'IP из белого списка',
  'generator.auth.whitelistCount':
    '{count, plural, =0 {пока нет IP} one {# IP} few {# IP} many {# IP} other {# IP}}',
  'generator.auth.subLeft': 'осталось {traffic}',
  'generator.auth.subDisabled': 'отключён',
  'generator.auth.subHint': 'Строки входят под этим субаккаунтом и расходуют его трафик.',
  'generator.auth.whitelistHint':
    'Устройства с IP из белого списка подключаются без пароля и расходуют трафик основного аккаунта. Чтобы выбрать местоположение или сохранить IP, строки входят под логином <code>whitelist-…</code> (с IP из белого списка подходит любой пароль).',
  'generator.quantity': 'Количество',
  'generator.quantity.hint': 'От 1 до {max, plural, one {# строки} other {# строк}}',
  'generator.format': 'Формат',
  'generator.format.whitelistHint':
    'Без местоположения и постоянного IP строки для белого списка — просто HOST:PORT.',
  'generator.output': 'Список прокси',
  'generator.output.count': '{count, plural, one {# строка} few {# строки} many {# строк} other {# строки}}',
  'generator.output.rotatingNote':
    'Случайный IP: строки одинаковые, так и должно быть — каждое соединение через любую из них получает новый IP.',
  'generator.output.stickyNote':
    'Постоянный IP: у каждой строки свой идентификатор сессии, поэтому она сохраняет один IP до {minutes} мин. «Сгенерировать» выдаёт всем строкам новые сессии.',
  'generator.output.whitelistNote':
    'Строки для белого списка работают только с устройств на IP из вашего белого списка; с других адресов шлюз их отклонит.',
  'generator.generate': 'Сгенерировать',
  'generator.generated':
    'Готово: {count, plural, one {# строка} few {# строки} many {# строк} other {# строки}}',
  'generator.copyAll': 'Копировать все ({count})',
  'generator.download': 'Скачать .txt',
  'generator.downloaded': 'Файл {file} сохранён',
  'generator.test': 'Проверить',
  'generator.test.hint': 'Отправляет один запрос через первую строку и показывает, откуда он вышел.',
  'generator.test.whitelist':
    'Проверка идёт с нашего сервера, а его нет в вашем белом списке: выберите субаккаунт, чтобы проверить.',
  'generator.test.ok': 'Прокси работает: запрос вышел с адреса {ip}',
  'generator.test.okDetail': '{country} · {latency} мс',
  'generator.test.unknownCountry': 'Страна неизвестна',
  'generator.test.failed': 'Проверочный запрос не прошёл',
  'generator.test.error.no_traffic':
    'У этих учётных данных не осталось трафика. Выделите трафик субаккаунту или купите ещё.',
  'generator.test.error.auth':
    'Шлюз не принял логин или пароль. Проверьте, что субаккаунт существует и его пароль не менялся.',
  'generator.test.error.disabled': 'Этот субаккаунт или ваш аккаунт отключён.',
  'generator.test.error.cap_reached':
    'Субаккаунт исчерпал дневной или месячный лимит. Он снова заработает после 00:00 UTC (или с первого числа месяца), либо увеличьте лимит на странице субаккаунта.',
  'generator.test.error.expired':
    'Срок действия субаккаунта истёк. Укажите более позднюю дату окончания на странице субаккаунта и снова выделите трафик.',
  'generator.test.error.no_exit':
    'Сейчас нет выхода в этом месте. Выберите другую страну, регион или город либо любой.',
  'generator.test.error.destination_refused': 'Шлюз отказался подключаться к проверочному сайту.',
  'generator.test.error.unreachable':
    'Шлюз или проверочный сайт не ответили вовремя. Попробуйте ещё раз через минуту.',
  'generator.test.gatewaySaid': 'Ответ шлюза {reason}: {text}',
  'generator.test.error.other': 'Что-то пошло не так ({reason}). Попробуйте ещё раз через минуту.',
  'generator.curl.copy': 'Копировать команду',
  'generator.code': 'Использование в коде',
  'generator.code.hint':
    'Готовые примеры с первой строкой: каждый загружает страницу через прокси и выводит ответ сайта.',
  'generator.code.install': 'Установка',
  'generator.code.file': 'Сохраните как {file}',
  'generator.code.run': 'Запуск',
  'generator.code.copy': 'Копировать код',
  'generator.code.note.chromiumNoSocksAuth':
    'Chromium не умеет передавать логин и пароль SOCKS5. Для этого примера выберите выше HTTP или добавьте свой IP-адрес в белый список и используйте строку без пароля.',
  'generator.code.note.proxychainsNeedsIp':
    'В списке proxychains нужен IP-адрес шлюза, а не его имя: узнайте адрес (например, dig +short {host}) и укажите его вместо имени.',
  'generator.notice.buyTraffic': 'У вас не осталось трафика',
  'generator.notice.buyTrafficHint': 'Подключения будут отклоняться, пока вы не купите трафик.',
  'generator.notice.allocate': 'У {username} не осталось трафика',
  'generator.notice.allocateHint':
    'Его подключения будут отклоняться. Выделите ему трафик с основного аккаунта.',
  'generator.notice.allocateAction': 'Выделить трафик',
  'generator.notice.subDisabled': '{username} отключён',
  'generator.notice.subDisabledHint':
    'Его подключения будут отклоняться. Включите его на странице субаккаунтов или выберите другой.',
  'generator.notice.subDisabledAction': 'Субаккаунты',
  'generator.notice.noWhitelist': 'В белом списке нет IP',
  'generator.notice.noWhitelistHint':
    'Добавьте адрес устройства, которое будет подключаться, или выберите субаккаунт.',
  'generator.notice.noWhitelistAction': 'Открыть белый список',
};
