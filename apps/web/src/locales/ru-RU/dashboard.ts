import type { dashboard as en } from '../en-US/dashboard';
import type { Translation } from '../types';

export const dashboard: Translation<typeof en> = {
  'dashboard.subtitle': 'Баланс и трафик одним взглядом',
  'dashboard.accountId': 'ID аккаунта',
  'dashboard.balance': 'Баланс',
  'dashboard.trafficLeft': 'Остаток трафика',
  'dashboard.split.title': 'Где ваш трафик',
  'dashboard.split.main': 'Основной аккаунт, не распределено',
  'dashboard.split.subs':
    'В {count, plural, one {# субаккаунте} few {# субаккаунтах} many {# субаккаунтах} other {# субаккаунта}}',
  'dashboard.split.more':
    'Ещё {count, plural, one {# субаккаунт} few {# субаккаунта} many {# субаккаунтов} other {# субаккаунта}}',
  'dashboard.split.failed': 'Не удалось загрузить субаккаунты.',
  'dashboard.trafficUsed': 'Израсходовано трафика',
  'dashboard.buyTraffic': 'Купить трафик',
  'dashboard.generate': 'Сформировать прокси',
  'dashboard.actions': 'Быстрые действия',
  'dashboard.chart.title': 'Расход за 30 дней',
  'dashboard.chart.details': 'Детализация',
  'dashboard.chart.empty': 'За последние 30 дней трафик не расходовался',
  'dashboard.total.today': 'Сегодня',
  'dashboard.total.7d': 'За 7 дней',
  'dashboard.total.30d': 'За 30 дней',
  'dashboard.top.title': 'Самые активные субаккаунты',
  'dashboard.top.share': '{share} всего расхода',
  'dashboard.top.empty': 'За последние 30 дней ни один субаккаунт не расходовал трафик.',
  'dashboard.noUsage.title': 'Расхода пока нет',
  'dashboard.noUsage.hint':
    'Купите трафик, сформируйте список прокси (для субаккаунта или IP из белого списка) и отправьте через него запросы. Расход появится здесь по дням.',
  'dashboard.low.title': 'Трафик заканчивается',
  'dashboard.low.text': 'Всего осталось {left} (основной аккаунт и субаккаунты).',
  'dashboard.low.rate':
    'При расходе как за последние 30 дней этого хватит {days, plural, =0 {меньше чем на день} one {примерно на # день} few {примерно на # дня} many {примерно на # дней} other {примерно на # дня}}.',
  'dashboard.empty.title': 'Трафик закончился',
  'dashboard.empty.text':
    'Ни на основном аккаунте, ни на субаккаунтах трафика не осталось: все прокси остановлены, пока вы не купите трафик.',
  'dashboard.mainEmpty.title': 'Нераспределённый трафик основного аккаунта закончился',
  'dashboard.mainEmpty.text':
    'На субаккаунтах ещё есть {subs}. Для запросов с IP из белого списка и новых выделений субаккаунтам нужен трафик основного аккаунта: купите ещё или верните часть с субаккаунта.',
  'dashboard.subsEmpty.title':
    '{count, plural, one {У # субаккаунта} few {У # субаккаунтов} many {У # субаккаунтов} other {У # субаккаунта}} закончился трафик',
  'dashboard.subEmpty.title': 'У субаккаунта {name} закончился трафик',
  'dashboard.subsEmpty.text':
    '{count, plural, one {Его прокси не работают, пока вы не выделите ему трафик.} other {Их прокси не работают, пока вы не выделите им трафик.}} На основном аккаунте не распределено {main}; субаккаунты без трафика отмечены ниже и в списке.',
  'dashboard.subsEmpty.open': 'Субаккаунты',
  'dashboard.subsEmpty.allocate': 'Распределить трафик',
  'dashboard.start.title': 'С чего начать',
  'dashboard.start.fund': 'Пополните баланс',
  'dashboard.start.fundHint': 'Пополнение от 20 USD.',
  'dashboard.start.buy': 'Купите трафик',
  'dashboard.start.buyHint': 'Выберите пакет резидентного трафика в ГБ.',
  'dashboard.start.sub': 'Создайте субаккаунт',
  'dashboard.start.subHint': 'Отдельные учётные данные и трафик для каждого проекта.',
  'dashboard.start.generate': 'Сформируйте список прокси',
  'dashboard.start.generateHint':
    'Выберите формат и ротацию (и место, если ваши выходы его предлагают) и скопируйте список.',
};
