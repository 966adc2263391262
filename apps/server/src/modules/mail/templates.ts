import type { ServerLang } from '@resiport/contract';
import type { MailMessage } from './mailer';

interface TemplateText {
  subject: (app: string) => string;
  intro: (app: string) => string;
  action: string;
  expiry: (hours: string) => string;
  ignore: string;
}

const activation: Record<ServerLang, TemplateText> = {
  'en-us': {
    subject: (app) => `Activate your ${app} account`,
    intro: (app) => `Welcome to ${app}! Confirm your email address to activate your account.`,
    action: 'Activate my account',
    expiry: (h) => `The link works once and expires in ${h} hours.`,
    ignore: 'If you did not sign up, ignore this email: nothing will happen.',
  },
  ru: {
    subject: (app) => `Активируйте аккаунт ${app}`,
    intro: (app) => `Добро пожаловать в ${app}! Подтвердите адрес почты, чтобы активировать аккаунт.`,
    action: 'Активировать аккаунт',
    expiry: (h) => `Ссылка одноразовая и действует ${h} ч.`,
    ignore: 'Если вы не регистрировались, просто проигнорируйте это письмо.',
  },
};

const reset: Record<ServerLang, TemplateText> = {
  'en-us': {
    subject: (app) => `Reset your ${app} password`,
    intro: () => 'We received a request to reset your password.',
    action: 'Set a new password',
    expiry: (h) => `The link works once and expires in ${h} hours.`,
    ignore: 'If you did not ask for this, ignore this email: your password stays the same.',
  },
  ru: {
    subject: (app) => `Сброс пароля ${app}`,
    intro: () => 'Мы получили запрос на сброс вашего пароля.',
    action: 'Задать новый пароль',
    expiry: (h) => `Ссылка одноразовая и действует ${h} ч.`,
    ignore: 'Если вы этого не запрашивали, проигнорируйте письмо: пароль останется прежним.',
  },
};

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function render(t: TemplateText, to: string, app: string, link: string, ttlSeconds: number): MailMessage {
  const hours = String(Math.round((ttlSeconds / 3600) * 10) / 10);
  const text = `${t.intro(app)}\n\n${t.action}: ${link}\n\n${t.expiry(hours)}\n${t.ignore}\n`;
  const html =
    `<p>${escapeHtml(t.intro(app))}</p>` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p>` +
    `<p>${escapeHtml(t.expiry(hours))}<br>${escapeHtml(t.ignore)}</p>`;
  return { to, subject: t.subject(app), text, html, link };
}

export const activationMail = (lang: ServerLang, to: string, app: string, link: string, ttl: number) =>
  render(activation[lang], to, app, link, ttl);

export const resetMail = (lang: ServerLang, to: string, app: string, link: string, ttl: number) =>
  render(reset[lang], to, app, link, ttl);
