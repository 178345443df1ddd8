const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `text` can be a row id (PostgreSQL `uuid`); anything else names no row. */
export const isUuid = (text: string) => text.length === 36 && UUID.test(text);
