const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the value is a UUID (the ids of images, payments and payouts), before asking the database. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
