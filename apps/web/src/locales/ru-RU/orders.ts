import type { orders as en } from '../en-US/orders';
import type { Translation } from '../types';

export const orders: Translation<typeof en> = {
  'neworder.subtitle': 'Покупка резидентного трафика по гигабайтам',
  'neworder.packages': 'Пакеты',
  'neworder.packages.empty': 'Пакетов в продаже пока нет',
  'neworder.packages.emptyHint': 'Здесь появятся пакеты трафика и цена за ГБ.',
  'neworder.summary': 'Ваш заказ',
  'neworder.summary.package': 'Пакет',
  'neworder.summary.pricePerGb': 'Цена за ГБ',
  'neworder.summary.paymentWay': 'Способ оплаты',
  'neworder.summary.total': 'Итого',
  'payment.cryptoTerms': 'Платежи в криптовалюте не возвращаются, комиссия {fee}%.',
  'order.col.id': 'Номер заказа',
  'order.col.quantity': 'Объём (ГБ)',
  'order.col.amount': 'Сумма',
  'order.col.paidType': 'Способ оплаты',
  'order.col.date': 'Дата заказа',
  'order.col.status': 'Статус',
  'residential.subtitle': 'Заказы резидентного трафика и списки прокси',
  'residential.orders': 'Заказы',
  'residential.orders.empty': 'Заказов пока нет',
  'residential.orders.emptyHint': 'Здесь появится каждая покупка трафика с её статусом.',
  'residential.generator': 'Список прокси',
  'residential.generator.empty': 'Пока нечего формировать',
  'residential.generator.emptyHint':
    'Когда у вас появится трафик, здесь можно будет выбрать страну, город, протокол и ротацию и получить готовые строки прокси.',
};
