import type { proxy as en } from '../en-US/proxy';
import type { Translation } from '../types';

export const proxy: Translation<typeof en> = {
  'subaccount.subtitle': 'Отдельные учётные данные прокси, у каждого свой трафик',
  'subaccount.add': 'Добавить субаккаунт',
  'subaccount.back': 'К списку субаккаунтов',
  'subaccount.empty': 'Субаккаунтов пока нет',
  'subaccount.emptyHint': 'Созданные субаккаунты появятся здесь с выделенным и оставшимся трафиком.',
  'subaccount.col.username': 'Имя пользователя',
  'subaccount.col.remark': 'Примечание',
  'subaccount.col.allocated': 'Выделено трафика (ГБ)',
  'subaccount.col.left': 'Остаток трафика (ГБ)',
  'addsub.subtitle': 'Имя из 12-24 букв и цифр, пароль и лимит трафика',
  'addsub.unavailable': 'Создание субаккаунтов пока недоступно',
  'addsub.unavailableHint':
    'Здесь можно будет задать имя субаккаунта и выделить ему трафик основного аккаунта.',
  'editsub.subtitle': 'Смена пароля, примечания или трафика субаккаунта',
  'editsub.unavailable': 'Изменение субаккаунтов пока недоступно',
  'editsub.unavailableHint':
    'Когда субаккаунты станут доступны, откройте нужный из списка, чтобы изменить его.',
  'whitelist.subtitle': 'IP-адреса, которым разрешено пользоваться прокси без пароля',
  'whitelist.empty': 'В белом списке пока нет IP',
  'whitelist.emptyHint':
    'Добавленные адреса IPv4 или IPv6 появятся здесь с примечанием и временем добавления.',
  'whitelist.col.ip': 'IP-адрес',
  'whitelist.col.remark': 'Примечание',
  'whitelist.col.addedAt': 'Добавлен',
};
