/** A day as the copy, the spec and the keys write it: the UTC date, YYYY-MM-DD. */
export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** Today as a data date: the day an answer was read or a file imported without a date of its own. */
export const todayIso = (): string => isoDay(new Date());
