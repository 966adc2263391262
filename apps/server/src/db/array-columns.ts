/**
 * A column of a batch's rows as text, for one array parameter of a set-based statement
 * (`unnest($1::int[], …)`): bigints and nulls survive every driver that way, and a batch of thousands
 * of rows is a handful of parameters, not thousands.
 */
export function textColumn<T>(
  rows: readonly T[],
  pick: (row: T) => string | number | bigint | null,
): (string | null)[] {
  return rows.map((row) => {
    const value = pick(row);
    return value === null ? null : String(value);
  });
}
