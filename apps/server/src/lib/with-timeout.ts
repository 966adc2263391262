/** `work`, or a `TimeoutError` when it has not settled in `ms` (the work itself is not cancelled). */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    const error = new Error(`no answer in ${ms / 1000} s`);
    error.name = 'TimeoutError';
    timer = setTimeout(() => reject(error), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
