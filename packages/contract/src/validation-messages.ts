import type { ServerLang } from './locale';

/**
 * Messages of the rules in docs/product.md#validation. Schemas carry the key; the server renders it in the request's
 * language and the web in the UI's, so both sides always show the same words.
 * 'Please enter your passowrd' is the product's text, typo included (docs/decisions/004).
 */
const en = {
  'validation.required': 'Required',
  'validation.email': 'Please enter a valid email address',
  'validation.password': 'Please enter your passowrd',
  'validation.newPassword':
    'The password must be 8-30 characters long and contain at least one letter and one number',
  'validation.passwordUnchanged': 'The new password must be different from the previous one',
  'validation.confirm': 'The password is not the same',
  'validation.tooLong': 'This value is too long',
  'validation.invalid': 'This value is not valid',
  'validation.amount': 'Enter an amount in USD with at most two decimals, e.g. 25 or 25.50',
  'validation.amountTooLarge': 'The largest top-up is 100,000 USD',
  'validation.quantity': 'Enter a whole number of GB from 1 to 10,000',
  'validation.orderChoice': 'Choose a package, the free trial or a quantity of GB',
  'validation.couponWithTrial': 'A coupon cannot be used with the free trial',
  'validation.traffic': 'Enter traffic in GB, e.g. 0.5 or 2 (at most 9 decimals)',
  'validation.refillPair':
    'Fill in both the threshold and the amount, or leave both empty to turn auto-refill off',
  'validation.refillDailyMax': 'The daily maximum must be at least the amount of one refill',
  'validation.connections':
    'Enter a whole number of connections from 1 to 10000, or leave it empty for no limit',
  'validation.percents': 'Enter up to 4 whole percents from 1 to 100, separated by commas, e.g. 80, 90, 100',
  'validation.webhookUrl': 'Enter the full https:// address of your endpoint (at most 500 characters)',
  'validation.subUsername': 'The username must be 12-24 letters and digits, no special symbols',
  'validation.proxyPassword': 'The proxy password must be 8-32 letters, digits or - _ . ~',
  'validation.ip': 'Enter an IPv4 address (e.g. 203.0.113.7) or an IPv6 address',
  'validation.date': 'Enter a date as YYYY-MM-DD, e.g. 2026-11-21',
  'validation.dateOrder': 'The end date must not be before the start date',
  'validation.rangeTooLong': 'Choose a range of at most 366 days',
  'validation.controlChars': 'Control characters (such as NUL, tab or line breaks) are not allowed here',
  'validation.requestTooLarge': 'The request is too large',
  'validation.requestTimeout': 'The request took too long to arrive',
  'validation.twoFactorCode': 'Enter the 6-digit code from your authenticator app, or a recovery code',
  'validation.authenticatorCode': 'Enter the 6-digit code from your authenticator app',
  'validation.reason': 'Give a reason of 3 to 500 characters: it is kept in the audit log',
  'validation.exitId': 'Use 1-64 letters, digits or _ . - (the name never changes)',
  'validation.country': 'Enter a two-letter country code, e.g. de or us',
  'validation.placeName': 'Use letters a-z, digits and spaces or _ (e.g. new_york), at most 64',
  'validation.port': 'Enter a port from 1 to 65535',
  'validation.weight': 'Enter a whole number from 1 to 1000',
} as const;

export type ValidationMessageKey = keyof typeof en;

const ru: Record<ValidationMessageKey, string> = {
  'validation.required': 'Обязательное поле',
  'validation.email': 'Введите корректный адрес электронной почты',
  'validation.password': 'Введите пароль',
  'validation.newPassword': 'Пароль должен содержать от 8 до 30 символов, хотя бы одну букву и одну цифру',
  'validation.passwordUnchanged': 'Новый пароль должен отличаться от прежнего',
  'validation.confirm': 'Пароли не совпадают',
  'validation.tooLong': 'Слишком длинное значение',
  'validation.invalid': 'Недопустимое значение',
  'validation.amount': 'Введите сумму в долларах, не более двух знаков после точки, например 25 или 25.50',
  'validation.amountTooLarge': 'Максимальная сумма пополнения — 100 000 USD',
  'validation.quantity': 'Введите целое число ГБ от 1 до 10 000',
  'validation.orderChoice': 'Выберите пакет, бесплатный пробный период или количество ГБ',
  'validation.couponWithTrial': 'Купон нельзя применить к бесплатному пробному периоду',
  'validation.traffic': 'Введите трафик в ГБ, например 0.5 или 2 (не более 9 знаков после точки)',
  'validation.refillPair':
    'Заполните и порог, и объём пополнения или оставьте оба поля пустыми, чтобы выключить автопополнение',
  'validation.refillDailyMax': 'Максимум в сутки должен быть не меньше одного пополнения',
  'validation.connections':
    'Введите целое число соединений от 1 до 10000 или оставьте поле пустым — без ограничения',
  'validation.percents': 'Введите до 4 целых процентов от 1 до 100 через запятую, например 80, 90, 100',
  'validation.webhookUrl': 'Введите полный адрес https:// вашего обработчика (не длиннее 500 символов)',
  'validation.subUsername': 'Имя пользователя — от 12 до 24 латинских букв и цифр, без спецсимволов',
  'validation.proxyPassword': 'Пароль прокси — от 8 до 32 латинских букв, цифр или символов - _ . ~',
  'validation.ip': 'Введите IPv4-адрес (например, 203.0.113.7) или IPv6-адрес',
  'validation.date': 'Введите дату в формате ГГГГ-ММ-ДД, например 2026-11-21',
  'validation.dateOrder': 'Дата окончания не может быть раньше даты начала',
  'validation.rangeTooLong': 'Выберите период не длиннее 366 дней',
  'validation.controlChars':
    'Управляющие символы (например, NUL, табуляция или перевод строки) здесь недопустимы',
  'validation.requestTooLarge': 'Слишком большой запрос',
  'validation.requestTimeout': 'Запрос передавался слишком долго',
  'validation.twoFactorCode': 'Введите 6-значный код из приложения-аутентификатора или резервный код',
  'validation.authenticatorCode': 'Введите 6-значный код из приложения-аутентификатора',
  'validation.reason': 'Укажите причину от 3 до 500 символов: она сохраняется в журнале действий',
  'validation.exitId': 'От 1 до 64 латинских букв, цифр или символов _ . - (имя не меняется)',
  'validation.country': 'Введите двухбуквенный код страны, например de или us',
  'validation.placeName': 'Латинские буквы a-z, цифры, пробелы или _ (например, new_york), не более 64',
  'validation.port': 'Введите порт от 1 до 65535',
  'validation.weight': 'Введите целое число от 1 до 1000',
};

export const validationMessages: Record<ServerLang, Record<ValidationMessageKey, string>> = {
  'en-us': en,
  ru,
};

export function isValidationMessageKey(value: string): value is ValidationMessageKey {
  return Object.hasOwn(en, value);
}
