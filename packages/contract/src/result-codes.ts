/**
 * The ResultCode catalogue: every `code` the API can answer with, and the HTTP status that
 * carries its class (design §4). Codes 10013, 20302 and 20402 are fixed by the spec; the rest
 * are ours and never change meaning once shipped.
 */
export const ResultCode = {
  Success: 0,
  ValidationFailed: 10001,
  EmailRegistered: 10002,
  InvalidLink: 10003,
  EmailNotRegistered: 10004,
  PasswordError: 10005,
  AccountNotActivated: 10006,
  PasswordUnchanged: 10007,
  TooManyRequests: 10008,
  NotFound: 10009,
  Forbidden: 10010,
  OAuthFailed: 10011,
  OAuthUnavailable: 10012,
  SessionExpired: 10013,
  AccountDisabled: 10014,
  SessionTokenRequired: 10015,
  InvalidResetLink: 10016,
  SignInCodeInvalid: 10017,
  AmountTooSmall: 10018,
  PaymentPending: 10020,
  IdempotencyKeyReused: 10021,
  PaymentProviderUnavailable: 10022,
  CouponInvalid: 10023,
  CouponExpired: 10024,
  CouponUsedUp: 10025,
  TrialUsed: 10026,
  CouponAlreadyUsed: 10027,
  PackageUnavailable: 10028,
  GoToPayment: 20302,
  PaymentRequired: 20402,
  InternalError: 50000,
  ServiceUnavailable: 50300,
} as const;

export type ResultCodeName = keyof typeof ResultCode;
export type ResultCodeValue = (typeof ResultCode)[ResultCodeName];

export const httpStatusOf: Record<ResultCodeName, number> = {
  Success: 200,
  ValidationFailed: 400,
  EmailRegistered: 409,
  InvalidLink: 400,
  EmailNotRegistered: 404,
  PasswordError: 400,
  AccountNotActivated: 403,
  PasswordUnchanged: 400,
  TooManyRequests: 429,
  NotFound: 404,
  Forbidden: 403,
  OAuthFailed: 400,
  OAuthUnavailable: 404,
  SessionExpired: 401,
  AccountDisabled: 403,
  SessionTokenRequired: 403,
  InvalidResetLink: 400,
  SignInCodeInvalid: 400,
  AmountTooSmall: 400,
  // Not a failure of the call: the payment simply has not arrived yet (the client toasts and goes on).
  PaymentPending: 200,
  IdempotencyKeyReused: 409,
  PaymentProviderUnavailable: 503,
  CouponInvalid: 400,
  CouponExpired: 400,
  CouponUsedUp: 409,
  TrialUsed: 409,
  CouponAlreadyUsed: 409,
  PackageUnavailable: 404,
  // The two pass-through codes are not failures: the client acts on `data`.
  GoToPayment: 200,
  PaymentRequired: 200,
  InternalError: 500,
  ServiceUnavailable: 503,
};

/** Codes the web request wrapper passes through instead of toasting (spec §8). */
export const passThroughCodes: readonly number[] = [ResultCode.GoToPayment, ResultCode.PaymentRequired];
