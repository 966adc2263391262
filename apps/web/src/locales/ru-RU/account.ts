import type { account as en } from '../en-US/account';
import type { Translation } from '../types';

export const account: Translation<typeof en> = {
  'settings.subtitle': 'Профиль, токен API для разработчиков и пароль',
  'settings.profile': 'Профиль',
  'settings.accountId': 'ID аккаунта',
  'settings.language': 'Язык писем и сообщений',
  'settings.memberSince': 'Дата регистрации',
  'settings.role': 'Роль',
  'settings.role.customer': 'Клиент',
  'settings.token.title': 'Токен API для разработчиков',
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
};
