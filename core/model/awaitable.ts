/** A value now (the embedded SQLite store answers synchronously) or later (a database server). */
export type Awaitable<T> = T | Promise<T>;
