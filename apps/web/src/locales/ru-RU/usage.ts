import type { usage as en } from '../en-US/usage';
import type { Translation } from '../types';

export const usage: Translation<typeof en> = {
  'usage.subtitle': 'Откуда пришёл и куда ушёл трафик',
  'usage.changes': 'Движение трафика',
  'usage.details': 'Детализация расхода',
  'usage.changes.empty': 'Движений трафика пока нет',
  'usage.changes.emptyHint': 'Здесь будут записаны покупки, выделение трафика субаккаунтам и его возврат.',
  'usage.details.empty': 'Расхода пока нет',
  'usage.details.emptyHint': 'Здесь будет показан трафик, прошедший через прокси, по дням и аккаунтам.',
  'usage.col.time': 'Время (UTC)',
  'usage.col.type': 'Тип',
  'usage.col.change': 'Изменение (МБ)',
  'usage.col.note': 'Примечание',
  'usage.col.account': 'Аккаунт',
  'usage.col.usedMb': 'Израсходовано (МБ)',
};
