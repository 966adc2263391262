/** How the request wrapper (api-client.ts) is configured and what each call may ask of it. */

export interface CallOptions {
  /** Toast a failure but resolve it instead of rejecting (the payment checks, docs/product.md#request-wrapper). */
  passThroughAfterToast?: boolean;
  /** No toasts at all, for optional data whose absence the screen handles (e.g. social sign-in buttons). */
  quiet?: boolean;
  signal?: AbortSignal;
}

export interface LinkOptions extends Pick<CallOptions, 'quiet' | 'signal'> {
  /** The `Accept` header: what the link answers instead of the envelope (e.g. `text/csv`). */
  accept: string;
}

export interface ResponseLike {
  json(): Promise<unknown>;
}

export interface ApiClientDeps<R extends ResponseLike> {
  fetch: (url: string, init: RequestInit) => Promise<R>;
  baseUrl: string;
  getToken: () => string | null;
  getAcceptLanguage: () => string;
  toastError: (msg: string) => void;
  /** Code 10013: forget the session and go to sign-in, with the server's reason (docs/product.md#request-wrapper). */
  onSessionExpired: (message: string) => void;
  /** Localized texts for failures that carry no server message. */
  fallbackMessage: (reason: 'network' | 'format') => string;
}
