import type { account as en } from '../en-US/account';
import type { Translation } from '../types';

export const account: Translation<typeof en> = {
  'settings.subtitle': 'Профиль, пароль, двухфакторный вход, сеансы и API-токен для разработчиков',
  'settings.tab.profile': 'Профиль',
  'settings.tab.security': 'Безопасность',
  'settings.tab.alerts': 'Уведомления',
  'settings.tab.api': 'API',
  'settings.profile': 'Профиль',
  'settings.accountId': 'ID аккаунта',
  'settings.language': 'Язык писем и сообщений',
  'settings.memberSince': 'Дата регистрации',
  'settings.role': 'Роль',
  'settings.role.customer': 'Клиент',
  'settings.token.title': 'Токен API для разработчиков',
  'settings.api.title': 'Быстрый старт с API',
  'settings.api.docs': 'Справочник API',
  'settings.api.hint':
    'Всё, что делает этот портал, можно сделать вызовом API с вашим токеном. Ответ — JSON: code 0 означает «готово», любой другой код приходит с сообщением о причине.',
  'settings.api.step.token': '{n}. Создайте токен выше и сохраните его в переменной.',
  'settings.api.step.list': '{n}. Получите список субаккаунтов.',
  'settings.api.step.create':
    '{n}. Создайте субаккаунт с 1 ГБ из основного аккаунта. Его id — data.id в ответе.',
  'settings.api.step.allocate':
    '{n}. Укажите этот id в SUB_ID и переведите ему ещё 0,5 ГБ. Повтор с тем же request_id ничего не переводит, поэтому повторять запрос безопасно.',
  'settings.token.status': 'Статус:',
  'settings.token.active': 'Активен',
  'settings.token.none': 'Не создан',
  'settings.token.generate': 'Создать токен',
  'settings.token.regenerate': 'Перевыпустить токен',
  'settings.token.confirmTitle': 'Перевыпустить токен API?',
  'settings.token.confirmText': 'Старый токен сразу перестанет работать.',
  'settings.token.shownOnce':
    'Скопируйте токен сейчас: он показывается только один раз и больше не будет доступен.',
  'settings.token.usage':
    'Используйте его для вызовов API из своих скриптов: передавайте в заголовке <code>JWT-TOKEN</code> или как <code>Authorization: Bearer TOKEN</code>. Сменить пароль или создать токен с его помощью нельзя.',
  'settings.password': 'Пароль',
  'settings.password.change': 'Сменить пароль',
  'settings.password.hint': 'После смены пароля все остальные устройства выйдут из аккаунта.',
  'settings.password.none':
    'Вы входите через Google или Яндекс, поэтому у аккаунта нет пароля. Чтобы задать его, выйдите и воспользуйтесь ссылкой «Забыли пароль?» на странице входа.',
  'changePassword.subtitle': 'Выберите новый пароль для входа',
  'changePassword.current': 'Текущий пароль',
  'changePassword.submit': 'Сменить пароль',
  'changePassword.othersSignedOut': 'После смены пароля все остальные устройства выйдут из этого аккаунта.',
  'settings.token.dates': 'Создан {created} · последнее использование {used}',
  'settings.token.neverUsed': 'ещё не использовался',
  'settings.token.revokedWhen': 'Смена или сброс пароля, а также выход на всех устройствах отзывают его.',
  'settings.twoFactor.title': 'Двухфакторный вход',
  'settings.twoFactor.on': 'Включён',
  'settings.twoFactor.off': 'Выключен',
  'settings.twoFactor.turnOn': 'Включить',
  'settings.twoFactor.turnOff': 'Выключить',
  'settings.twoFactor.turnedOff': 'Двухфакторный вход выключен',
  'settings.twoFactor.codesLeft':
    '{count, plural, one {Остался # резервный код} few {Осталось # резервных кода} other {Осталось # резервных кодов}}',
  'settings.twoFactor.offHint':
    'Запрашивать код из приложения-аутентификатора (Google Authenticator, 1Password, Aegis…) при каждом входе, в том числе через Google или Яндекс.',
  'settings.twoFactor.onHint':
    'При каждом входе нужен код из приложения-аутентификатора. Потеряли телефон? Используйте резервный код.',
  'settings.twoFactor.setupTitle': 'Включение двухфакторного входа',
  'settings.twoFactor.setupFailed': 'Не удалось начать настройку. Закройте окно и попробуйте снова.',
  'settings.twoFactor.scan': '1. Отсканируйте QR-код приложением-аутентификатором.',
  'settings.twoFactor.manual': 'Не получается отсканировать? Введите ключ вручную:',
  'settings.twoFactor.qrAlt': 'QR-код для приложения-аутентификатора',
  'settings.twoFactor.codeRule': 'Введите 6-значный код из приложения',
  'settings.twoFactor.codesOnce':
    'Двухфакторный вход включён. Сохраните резервные коды сейчас: они показываются только один раз.',
  'settings.twoFactor.codesHint':
    'Каждый код позволяет войти один раз, если вы потеряете телефон. Храните их в надёжном месте, отдельно от пароля.',
  'settings.twoFactor.renew': 'Новые резервные коды',
  'settings.twoFactor.renewTitle': 'Создать новые резервные коды',
  'settings.twoFactor.renewHint':
    'Введите код из приложения-аутентификатора. Вы получите 10 новых резервных кодов, а все старые перестанут работать.',
  'settings.twoFactor.codesRenewed':
    'Новые резервные коды: старые больше не работают. Сохраните эти сейчас — они показываются только один раз.',
  'settings.twoFactor.copyCodes': 'Скопировать коды',
  'settings.twoFactor.downloadCodes': 'Скачать .txt',
  'settings.twoFactor.savedCodes': 'Я сохранил коды',
  'settings.twoFactor.disableTitle': 'Выключение двухфакторного входа',
  'settings.twoFactor.passwordRule': 'Введите пароль',
  'settings.twoFactor.codeOrRecovery': 'Код из приложения или резервный код',
  'settings.sessions.title': 'Где выполнен вход',
  'settings.sessions.device': 'Устройство',
  'settings.sessions.ip': 'IP-адрес',
  'settings.sessions.method': 'Способ входа',
  'settings.sessions.method.password': 'Пароль',
  'settings.sessions.method.google': 'Google',
  'settings.sessions.method.yandex': 'Яндекс',
  'settings.sessions.lastSeen': 'Последняя активность',
  'settings.sessions.signedIn': 'Вход',
  'settings.sessions.thisDevice': 'Это устройство',
  'settings.sessions.unknownDevice': 'Неизвестное устройство',
  'settings.sessions.browserOn': '{browser}, {system}',
  'settings.sessions.revoke': 'Завершить',
  'settings.sessions.revokeConfirm': 'Завершить сеанс на этом устройстве?',
  'settings.sessions.everywhere': 'Выйти на всех других устройствах',
  'settings.sessions.everywhereConfirm': 'Завершить сеансы на всех других устройствах?',
  'settings.sessions.everywhereText': 'Все остальные сеансы завершатся, а API-токен будет отозван.',
  'settings.sessions.signedOutEverywhere': 'Выполнен выход на всех других устройствах; API-токен отозван',
  'settings.sessions.footer':
    '{count, plural, one {# сеанс} few {# сеанса} other {# сеансов}} · {others, plural, =0 {других устройств нет} one {# другое устройство} few {# других устройства} other {# других устройств}}',
  'settings.token.revoked.regenerated': 'Предыдущий токен заменён {at}.',
  'settings.token.revoked.password_changed':
    'Токен отозван {at} при смене пароля. Создайте новый для своих скриптов.',
  'settings.token.revoked.password_reset':
    'Токен отозван {at} при сбросе пароля. Создайте новый для своих скриптов.',
  'settings.token.revoked.signed_out_everywhere':
    'Токен отозван {at} при выходе на всех устройствах. Создайте новый для своих скриптов.',
  'settings.token.revoked.operator_revoked':
    'Токен отозван {at} службой поддержки вместе со всеми сеансами. Создайте новый для своих скриптов.',
};
