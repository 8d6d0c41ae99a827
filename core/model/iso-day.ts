/** A day as the copy, the spec and the keys write it: the UTC date, YYYY-MM-DD. */
export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** Today as a data date: the day an answer was read or a file imported without a date of its own. */
export const todayIso = (): string => isoDay(new Date());

/** Whether a source's text is a day written as isoDay writes it, so it can be kept as a data date. */
export const isIsoDay = (text: unknown): text is string => typeof text === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(text);
