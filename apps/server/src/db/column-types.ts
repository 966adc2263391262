import type { ColumnType } from 'kysely';

/** A `created_at`-style column: read as a Date, filled by its default when an insert leaves it out. */
export type Timestamp = ColumnType<Date, Date | undefined, Date>;
