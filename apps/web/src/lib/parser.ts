/** The one thing the web needs from a zod schema: turning unknown JSON into a typed value or throwing. */
export interface Parser<T> {
  parse(input: unknown): T;
}
