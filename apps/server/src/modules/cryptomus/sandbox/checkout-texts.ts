import type { ServerLang } from '@resiport/contract';

/** Every word on the sandbox checkout page, in English and Russian (picked by Accept-Language). */
export const checkoutTexts = {
  'en-us': {
    title: 'Cryptomus sandbox — no real money',
    notice: 'This page stands in for the Cryptomus checkout while testing. Nothing is charged.',
    invoice: 'Invoice',
    order: 'Order',
    amount: 'Amount',
    status: 'Status',
    expires: 'Expires',
    payerPaid: 'Payer sent',
    chooseOutcome: 'Choose what the payer does:',
    actions: { pay: 'Pay', pay_over: 'Pay over', underpay: 'Underpay', expire: 'Let expire' },
    hints: {
      pay: 'sends exactly the amount',
      pay_over: 'sends 10% more',
      underpay: 'sends half',
      expire: 'pays nothing; the invoice closes',
    },
    closed: 'This invoice is closed.',
    backToStore: 'Return to the store',
    notFound: 'Invoice not found',
    statuses: {
      check: 'Waiting for payment',
      paid: 'Paid',
      paid_over: 'Paid (overpaid)',
      wrong_amount: 'Underpaid',
      wrong_amount_waiting: 'Underpaid, waiting for the rest',
      cancel: 'Expired, not paid',
    } as Record<string, string>,
  },
  ru: {
    title: 'Песочница Cryptomus — без реальных денег',
    notice: 'Эта страница заменяет оплату Cryptomus при тестировании. Деньги не списываются.',
    invoice: 'Счёт',
    order: 'Заказ',
    amount: 'Сумма',
    status: 'Статус',
    expires: 'Действует до',
    payerPaid: 'Плательщик отправил',
    chooseOutcome: 'Выберите, что сделает плательщик:',
    actions: { pay: 'Оплатить', pay_over: 'Переплатить', underpay: 'Недоплатить', expire: 'Дать истечь' },
    hints: {
      pay: 'отправляет ровно сумму счёта',
      pay_over: 'отправляет на 10% больше',
      underpay: 'отправляет половину',
      expire: 'ничего не платит; счёт закрывается',
    },
    closed: 'Этот счёт закрыт.',
    backToStore: 'Вернуться в магазин',
    notFound: 'Счёт не найден',
    statuses: {
      check: 'Ожидает оплаты',
      paid: 'Оплачен',
      paid_over: 'Оплачен (с переплатой)',
      wrong_amount: 'Недоплачен',
      wrong_amount_waiting: 'Недоплачен, ожидает доплаты',
      cancel: 'Истёк, не оплачен',
    } as Record<string, string>,
  },
} satisfies Record<ServerLang, unknown>;

export type CheckoutTexts = (typeof checkoutTexts)['en-us'];
