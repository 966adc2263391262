import { validationMessages } from '@resiport/contract';
import type { EnglishShape } from './phrase-types';

/**
 * Every English text the server writes, by section; the reference the other languages are typed
 * against (ru.ts). `{name}` placeholders are filled per use (i18n/phrase.ts).
 */
export const en = {
  /**
   * The envelope's `msg`: each result code's own text (docs/product.md#messages, verbatim), the success texts that
   * are not codes (ActivationSent … SessionsRevoked) and texts used instead of a code's own
   * (TooManyRequestsSeconds, ApiTokenRevoked*, Session* for why a session ended).
   */
  codes: {
    Success: 'Success',
    ActivationSent: 'The activation link has been sent, please open your email to activate',
    ResetLinkSent: 'A password reset link has been sent to your email',
    PasswordChanged: 'Your password has been changed',
    PasswordReset: 'Your password has been reset, please sign in',
    ValidationFailed: 'Please check the highlighted fields',
    EmailRegistered: 'The email is registered',
    InvalidLink: 'Invalid link, please re-register',
    InvalidResetLink: 'This link is invalid or has expired, please request a new one',
    SignInCodeInvalid: 'This sign-in has expired, please sign in again',
    AmountTooSmall: 'The minimum top-up is {min} USD',
    PaymentPending: 'The payment has not arrived yet; it usually takes a few minutes after you pay',
    IdempotencyKeyReused: 'This request was already made with different details, please start again',
    PaymentProviderUnavailable: 'The payment provider is not answering, please try again in a few minutes',
    CouponInvalid: 'Invalid code',
    CouponExpired: 'This coupon has expired',
    CouponUsedUp: 'This coupon has been used up',
    CouponAlreadyUsed: 'You have already used this coupon',
    TrialUsed: 'The free trial has already been used on this account or network',
    PackageUnavailable: 'This package is no longer available, please choose another one',
    PriceChanged: 'The price changed since you opened this page. Check the new total and confirm again',
    UsernameExists: 'Username Exist',
    MainTrafficShort: 'The main account has only {available} GB left',
    SubTrafficShort: 'This sub-account has only {available} GB left',
    IpAlreadyWhitelisted: 'This IP is already on your whitelist',
    IpTaken: 'This IP is whitelisted by another account',
    WhitelistFull:
      'You can whitelist up to {limit, plural, one {# IP} other {# IPs}}; delete one to add another',
    IpNotAllowed: 'This address cannot be whitelisted: it is unspecified, loopback, broadcast or multicast',
    SubAccountLimit:
      'You can have up to {limit, plural, one {# sub-account} other {# sub-accounts}}; delete one to add another',
    OrderPaid: 'Your order is paid and the traffic has been added',
    EmailNotRegistered: 'This email has not been registered',
    PasswordError: 'Password error',
    AccountNotActivated: 'Please go to email to activate your account',
    PasswordUnchanged: 'The new password must be different from the previous one',
    TooManyRequests: 'Too many attempts, please try again in {minutes} min',
    NotFound: 'Not found',
    Forbidden: 'You do not have permission to do this',
    OAuthFailed: 'Sign-in with {provider} failed, please try again or use your email and password',
    OAuthUnavailable: 'Sign-in with this provider is not available',
    SessionExpired: 'Your session has expired, please sign in again',
    AccountDisabled: 'This account is disabled, please contact support',
    SessionTokenRequired: 'This action needs a signed-in session; a developer API token cannot do it',
    GoToPayment: 'Redirecting to payment',
    PaymentRequired: 'Insufficient balance',
    InternalError: 'Something went wrong on our side, please try again later',
    ServiceUnavailable: 'The service is temporarily unavailable, please try again later',
    TwoFactorRequired: 'Enter the code from your authenticator app',
    TwoFactorCodeInvalid:
      'This code is not valid; check the time on your phone and enter the newest code, or use a recovery code',
    TwoFactorAlreadyEnabled: 'Two-factor sign-in is already on',
    TwoFactorNotEnabled: 'Two-factor sign-in is not on',
    TwoFactorSetupMissing: 'The set-up has expired; start it again',
    TwoFactorLocked:
      'Too many wrong codes. Use a recovery code, or open the link we emailed you, then sign in again with your password',
    ViewOnly: "This is an operator's read-only view of the customer's portal: nothing can be changed here",
    AdjustmentExceedsBalance: 'The customer has only {available} USD; nothing was changed',
    AdjustmentExceedsTraffic: 'The main account has only {available} GB left; nothing was changed',
    AccountNotPending: 'This account is already activated: only a pending account gets an activation link',
    OwnAccount: 'You cannot do this to your own account',
    LastOperator: 'This is the last operator: make someone else an operator first',
    CustomerUnchanged: 'Nothing to change: the account is already so',
    OrderAlreadyRefunded: 'This order has already been refunded',
    OrderNotPaid: 'Only a paid order can be refunded; this one is unpaid or cancelled',
    OrderPaidByCrypto: 'This order was paid by crypto, and crypto payments are not refundable',
    OrderTrialNotRefundable: 'A free trial is not refunded: nothing was paid for it',
    OrderTrafficUsed: 'All the traffic of this order has been used: nothing is left to refund',
    InvoiceNotResolvable:
      'Only a cancelled payment that received money (underpaid, late or expired with a payment) can be resolved',
    InvoiceAlreadyResolved: 'This payment has already been resolved',
    InvoiceReceivedUnknown:
      'The provider has not reported what arrived in USD, so nothing can be credited; ask it to resend the webhook, or mark the payment refunded',
    CatalogueBaseTier: 'The 1 GB tier is the base price and cannot be removed',
    TierPriceInvalid: 'The price per GB must be more than 0 and at most 100,000 USD',
    PackageCodeTaken: 'A package with the code {code} already exists',
    PackageTrafficInvalid: 'A package must hold more than 0 GB and at most 100,000 GB',
    PackagePriceInvalid: 'A package price must be from 0 to 100,000 USD',
    CouponCodeTaken: 'A coupon {code} already exists',
    CouponPercentInvalid: 'A percent discount is from 1% to 100%',
    CouponFixedInvalid: 'A fixed discount must be from 0.01 to 100,000 USD',
    CouponLimitBelowUses:
      'This coupon has been used {uses, plural, one {# time} other {# times}} already; the limit cannot be lower',
    CouponExpiryPast: 'The expiry date has passed; choose a later date or disable the coupon',
    ExitIdTaken: 'An exit named {id} already exists',
    ExitAddressRequired: 'An HTTP or SOCKS5 upstream needs its host and port',
    ExitDirectHasUpstreamFields: 'A direct exit has no host, port, username or password',
    ExitForwardTargetingDirect: 'Only an HTTP or SOCKS5 upstream can forward targeting',
    ExitPlaceWithoutCountry: 'A state or city tag needs a country tag',
    ExitPasswordWithoutUsername: 'A password needs a username',
    ExitLastEnabled:
      'This is the last enabled exit: lines would have no exit. Enable or add another exit first',
    SubExpiryPast: 'This last day is already over; choose today or a later day, or disable the sub-account',
    AlertNoChannel: 'Turn on alerts by email or add a webhook first, then send a test',
    AlertWebhookUnsafe:
      'Webhooks go to public https:// addresses only; this one is plain http or points to a private network',
    ReceiptNotPaid:
      'Only a paid top-up or order has a receipt; this one is unpaid, cancelled, expired or free',
    SessionRevoked: 'This session was signed out; please sign in again',
    ApiTokenRevoked: 'This API token was revoked; generate a new one in Account settings',
    ApiTokenUnknown: 'This API token is not valid; check it or generate a new one in Account settings',
    TooManyRequestsSeconds: 'Too many attempts, please try again in {seconds} s',
    SessionSignedOutElsewhere: 'You were signed out from another device; please sign in again',
    SessionPasswordChanged:
      'Your password was changed on another device, which signed this one out; sign in with the new password',
    SessionPasswordReset:
      'Your password was reset, which signed this device out; sign in with the new password',
    SessionEndedBySupport:
      'Support signed this account out of every device; please sign in again or contact support',
    ApiTokenRevokedRegenerated:
      'This API token was replaced by a newer one; use the newest token from Account settings',
    ApiTokenRevokedPasswordChanged:
      'This API token was revoked when the password was changed; generate a new one in Account settings',
    ApiTokenRevokedPasswordReset:
      'This API token was revoked when the password was reset; generate a new one in Account settings',
    ApiTokenRevokedSignedOutEverywhere:
      'This API token was revoked by signing out everywhere; generate a new one in Account settings',
    ApiTokenRevokedByOperator:
      'This API token was revoked by support, with every session; generate a new one in Account settings',
    TwoFactorEnabled: 'Two-factor sign-in is on',
    TwoFactorDisabled: 'Two-factor sign-in is off',
    SessionsRevoked: 'Signed out everywhere else; your API token was revoked',
  },
  /** The validation rules' field messages (docs/product.md#validation): shared with the web, so they live in the contract. */
  validation: validationMessages['en-us'],
  /** The account mails; `{app}` is the product name, `{hours}` the link's lifetime (a plural). */
  mail: {
    'activation.subject': 'Activate your {app} account',
    'activation.intro': 'Welcome to {app}! Confirm your email address to activate your account.',
    'activation.action': 'Activate my account',
    'activation.ignore': 'If you did not sign up, ignore this email: nothing will happen.',
    'reset.subject': 'Reset your {app} password',
    'reset.intro': 'We received a request to reset your password.',
    'reset.action': 'Set a new password',
    'reset.ignore': 'If you did not ask for this, ignore this email: your password stays the same.',
    linkExpiry: 'The link works once and expires in {hours, plural, one {# hour} other {# hours}}.',
  },
  /** Security mails: `<event>.subject` and `<event>.body`, then the facts, `notYou` and `action`. */
  security: {
    'two_factor_on.subject': '{app}: two-factor sign-in is on',
    'two_factor_on.body':
      'Two-factor sign-in was turned on for your account. Signing in now also needs a code.',
    'two_factor_off.subject': '{app}: two-factor sign-in is off',
    'two_factor_off.body':
      'Two-factor sign-in was turned off for your account. Signing in now needs only the password.',
    'password_changed.subject': '{app}: your password was changed',
    'password_changed.body':
      'The password of your account was changed. Your other sessions and your API token were signed out.',
    'password_reset.subject': '{app}: your password was reset',
    'password_reset.body':
      'The password of your account was reset with a link from this mailbox. Every session and your API token were signed out.',
    'new_device.subject': '{app}: sign-in from a new device',
    'new_device.body': 'Your account was signed in to from an address and browser it has not used recently.',
    'recovery_code_used.subject': '{app}: a recovery code was used',
    'recovery_code_used.body':
      'A recovery code was used to sign in to your account. It cannot be used again; {left, plural, =0 {none are left, so make new ones in account settings} one {# is left} other {# are left}}.',
    'api_token_regenerated.subject': '{app}: a new API token was made',
    'api_token_regenerated.body':
      'A new API token was made for your account. The previous one stopped working.',
    'two_factor_locked.subject': '{app}: sign-in stopped after too many wrong codes',
    'two_factor_locked.body':
      'Someone entered your password correctly, then {failures} wrong two-factor codes. That sign-in was stopped. To sign in again, open the link below (it works once, for {hours, plural, one {# hour} other {# hours}}) or use a recovery code. If it was not you, change your password now.',
    'two_factor_locked.action': 'Allow two-factor sign-in again',
    when: 'When: {when}',
    from: 'From: {ip} ({device})',
    notYou: 'If this was not you, change your password and review your sessions.',
    action: 'Review account security',
  },
  /** Alert mails (decision 039): `<kind>.subject` and `<kind>.body`, then `footer` and `action`. */
  alerts: {
    'sub_used.subject': '{app}: sub-account {username} has used {percent}% of its traffic',
    'sub_used.body': 'Sub-account {username} has used {used} of {allocated}; {left} is left.',
    'sub_used_empty.subject': '{app}: sub-account {username} is out of traffic',
    'sub_used_empty.body':
      'Sub-account {username} has used all of its {allocated}. Its proxies stop until it gets more traffic.',
    'main_low.subject': '{app}: your main account has less than {threshold} of traffic left',
    'main_low.body': 'Your main account has {left} of traffic left (your alert is set at {threshold}).',
    'main_empty.subject': '{app}: your main account is out of traffic',
    'main_empty.body':
      'Your main account has no traffic left. Buy traffic to keep its proxies and auto-refills running.',
    'low_balance.subject': '{app}: your balance is below {threshold}',
    'low_balance.body': 'Your balance is {balance} (your alert is set at {threshold}).',
    'payment_received.subject': '{app}: payment received, {amount} added to your balance',
    'payment_received.body':
      'A payment of {paid} arrived; {amount} was added to your balance, which is now {balance}.',
    'order_paid.subject': '{app}: order {order} paid, {traffic} added',
    'order_paid.body':
      'Order {order} is paid ({price}); {traffic} of traffic was added to your main account.',
    'refill_done.subject': '{app}: {amount} moved to sub-account {username}',
    'refill_done.body': 'Auto-refill moved {amount} from your main account to sub-account {username}.',
    'refill_failed.subject': '{app}: auto-refill of {username} stopped',
    'refill_failed.body':
      'Auto-refill of sub-account {username} stopped: your main account has no traffic left. Buy traffic, then save the auto-refill setting again.',
    'test.subject': '{app}: test alert',
    'test.body': 'This is a test alert. Your alerts reach this address.',
    action: 'Open {app}',
    footer: 'You get this mail because alerts by email are on in your account settings.',
  },
  /** The printable receipt (HTML and PDF, decision 038); `{app}` is the operator's name. */
  receipt: {
    title: 'Receipt {number}',
    'kind.recharge': 'Balance top-up',
    'kind.order': 'Traffic order',
    number: 'Receipt number',
    customer: 'Customer',
    created: 'Created',
    paidAt: 'Paid',
    refundedAt: 'Refunded',
    method: 'Payment method',
    'method.cryptomus': 'Cryptocurrency (Cryptomus)',
    'method.balance': 'Account balance',
    'method.free': 'Free (nothing to pay)',
    status: 'Status',
    'status.paid': 'Paid',
    'status.refunded': 'Refunded',
    received: 'Received',
    extraCredited: 'Paid over, added to your balance',
    item: 'Description',
    amount: 'Amount',
    'line.recharge': 'Top-up of the {app} balance',
    'line.order': 'Residential proxy traffic, {traffic}',
    'line.orderPackage': 'Residential proxy traffic, package {code}: {traffic}',
    'line.trial': 'Free trial: {traffic} of residential proxy traffic',
    'line.perGb': '{price} per GB',
    subtotal: 'Subtotal',
    discount: 'Discount (coupon {code})',
    fee: 'Crypto processing fee',
    total: 'Total',
    currency: 'All amounts in US dollars (USD). Times in UTC.',
    printHint: "To save or print this receipt, use your browser's Print (Ctrl+P or ⌘P).",
  },
  /** The Cryptomus sandbox's checkout page (picked by Accept-Language). */
  sandbox: {
    title: 'Cryptomus sandbox — no real money',
    notice: 'This page stands in for the Cryptomus checkout while testing. Nothing is charged.',
    'label.invoice': 'Invoice',
    'label.order': 'Order',
    'label.amount': 'Amount',
    'label.status': 'Status',
    'label.expires': 'Expires',
    'label.payerPaid': 'Payer sent',
    chooseOutcome: 'Choose what the payer does:',
    'action.pay': 'Pay',
    'action.pay_over': 'Pay over',
    'action.underpay': 'Underpay',
    'action.expire': 'Let expire',
    'hint.pay': 'sends exactly the amount',
    'hint.pay_over': 'sends 10% more',
    'hint.underpay': 'sends half',
    'hint.expire': 'pays nothing; the invoice closes',
    closed: 'This invoice is closed.',
    backToStore: 'Return to the store',
    notFound: 'Invoice not found',
    'status.check': 'Waiting for payment',
    'status.paid': 'Paid',
    'status.paid_over': 'Paid (overpaid)',
    'status.wrong_amount': 'Underpaid',
    'status.wrong_amount_waiting': 'Underpaid, waiting for the rest',
    'status.cancel': 'Expired, not paid',
  },
} as const satisfies EnglishShape;
