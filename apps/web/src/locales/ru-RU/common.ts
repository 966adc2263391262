import type { common as en } from '../en-US/common';
import type { Translation } from '../types';

export const common: Translation<typeof en> = {
  'common.copy': 'Копировать',
  'common.copied': 'Скопировано',
  'common.copyFailed': 'Не удалось скопировать автоматически; выделите текст и скопируйте его вручную',
  'common.language': 'Язык',
  'common.cancel': 'Отмена',
  'common.col.actions': 'Действия',
  'common.bytesExact':
    '{n, plural, one {{bytes} байт} few {{bytes} байта} many {{bytes} байт} other {{bytes} байта}}',
  'common.localTime': 'Ваше время: {time}',
  'common.unit.gb': 'ГБ',
  'common.units.gb': '1 ГБ = 1 000 000 000 байт',
  'common.units.mb': 'Статистика в МБ (1 МБ = 1 000 000 байт), время в UTC',
  'form.required': 'Заполните поле «{label}»',
  'error.network': 'Ошибка сети, проверьте подключение и повторите попытку',
  'error.unexpected': 'Неожиданный ответ сервера, повторите попытку позже',
  'error.page.title': 'Не удалось показать страницу',
  'error.page.hint': 'Обычно помогает перезагрузка. Если ошибка повторяется, обратитесь в поддержку.',
  'error.offline.title': 'Сервер недоступен',
  'error.offline.hint': 'Проверьте подключение и перезагрузите страницу.',
  'error.notFound.title': 'Такой страницы нет',
  'error.notFound.home': 'На панель управления',
  'error.reload': 'Перезагрузить',
};
