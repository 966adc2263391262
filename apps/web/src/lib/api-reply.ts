import type {
  Endpoint,
  EndpointData,
  EndpointPassThroughOutput,
  PassThroughCode,
  ResultCode,
} from '@resiport/contract';

/** Code 0: `data` parsed by the endpoint's response schema. */
export interface ApiSuccess<T> {
  ok: true;
  msg: string;
  data: T;
}

/**
 * A non-zero answer handed to the caller instead of a rejection: one of the endpoint's declared
 * pass-through codes, or a failure toasted and then passed on (`passThroughAfterToast`).
 */
export interface ApiPassThrough<Code extends number = number, T = unknown> {
  ok: false;
  code: Code;
  msg: string;
  data: T;
}

type DeclaredName<E extends Endpoint> = keyof NonNullable<E['passThrough']> & PassThroughCode;

/**
 * The pass-through answers an endpoint declares (20302 go to the checkout, 20402 balance short,
 * 10040 code needed), each with its own `data`: `reply.code === ResultCode.GoToPayment` narrows it.
 */
export type DeclaredPassThrough<E extends Endpoint> = {
  [C in DeclaredName<E>]: ApiPassThrough<(typeof ResultCode)[C], EndpointPassThroughOutput<E, C>>;
}[DeclaredName<E>];

/** What `api.call` resolves to: success or one of the endpoint's pass-through answers. */
export type ApiReply<E extends Endpoint> = ApiSuccess<EndpointData<E>> | DeclaredPassThrough<E>;

/** What `api.call` resolves to with `passThroughAfterToast`: a failure's `data` is left unparsed. */
export type ApiReplyOrRefusal<E extends Endpoint> = ApiReply<E> | ApiPassThrough;
