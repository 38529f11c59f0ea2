import type { ColumnType } from 'kysely';

export type Timestamp = ColumnType<Date, Date | string, Date | string>;
// Always written from the server clock (platform/clock.ts), never from now() in SQL.
export type CreatedAt = ColumnType<Date, Date | string, never>;
export type Json<T> = ColumnType<T, string, string>;
