import { i18next } from './i18n.js';

/**
 * Every number, area, share and date the UI shows goes through here, in the language shown
 * (Spanish and German `1.234,5 m²`, English `1,234.5 m²`, French `1 234,5 m²`), in the user's
 * regional form of it when the browser or system names one (pt-PT `1 234,5 m²`). Field values the API
 * defines as codes or text are shown as they come.
 */
const shownLanguage = () => i18next.resolvedLanguage ?? i18next.language ?? 'en';

const regionalCache = new Map<string, string>();
/**
 * The user's own regional form of the shown language when they have one (pt-PT groups thousands
 * with a space, plain `pt` is Brazil's dot; de-CH, fr-CA…), else the language itself.
 */
function locale(): string {
  const language = shownLanguage();
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? []);
  const key = `${language}|${preferred.join(',')}`;
  let tag = regionalCache.get(key);
  if (tag === undefined) {
    tag = language;
    for (const candidate of preferred) {
      if (candidate.toLowerCase().split(/[-_]/)[0] !== language) continue;
      try {
        tag = Intl.getCanonicalLocales(candidate.replace('_', '-'))[0] ?? language;
      } catch {
        // Not a valid tag: keep the language.
      }
      break;
    }
    regionalCache.set(key, tag);
  }
  return tag;
}

const cache = new Map<string, Intl.NumberFormat>();
function numberFormat(digits: number, minimumDigits = 0, style: 'decimal' | 'percent' = 'decimal'): Intl.NumberFormat {
  const key = `${locale()}|${digits}|${minimumDigits}|${style}`;
  let format = cache.get(key);
  if (!format) {
    // Grouping always: Spanish and others otherwise leave 4-digit numbers ungrouped (1234,5).
    format = new Intl.NumberFormat(locale(), { style, maximumFractionDigits: digits, minimumFractionDigits: minimumDigits, useGrouping: 'always' });
    cache.set(key, format);
  }
  return format;
}

const dateCache = new Map<string, Intl.DateTimeFormat>();
/**
 * Made once per language and options: building an Intl.DateTimeFormat costs about a millisecond,
 * and the status item's list dates some sixty sources in the first view's render (300 ms of its CPU).
 */
function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale()}|${options.dateStyle}|${options.timeStyle}|${options.timeZone}`;
  let format = dateCache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale(), options);
    dateCache.set(key, format);
  }
  return format;
}

export const formatNumber = (value: number, digits = 0, minimumDigits = 0): string => numberFormat(digits, minimumDigits).format(value);

/** An area in square metres (one decimal at most). */
export const formatArea = (m2: number | undefined): string | undefined => (m2 === undefined ? undefined : `${formatNumber(m2, 1)} m²`);

/** An area in hectares (1 ha = 10 000 m²), four decimals at most: a square metre still shows. */
export const formatHectares = (m2: number | undefined): string | undefined => (m2 === undefined ? undefined : `${formatNumber(m2 / 10_000, 4)} ha`);

/**
 * A share in percent as the API gives it (already ×100), written as the language writes a percent:
 * `12.5%` in English and Polish, `12,5 %` in German, Spanish and French.
 */
export function formatPercent(value: number | undefined, digits = 4): string | undefined {
  if (value === undefined) return undefined;
  return numberFormat(digits, 0, 'percent').format(value / 100);
}

/**
 * A date of the API in the shown language; other text as it is. A calendar day (`YYYY-MM-DD`: a
 * file's or a parcel's date) is that day wherever the user is, so it is written in UTC, where it
 * was read; an instant (a full ISO date and time: when an area was downloaded) is the user's own
 * day, in their time zone.
 */
export function formatDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const calendarDay = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = calendarDay ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return dateTimeFormat({ dateStyle: 'medium', ...(calendarDay && { timeZone: 'UTC' }) }).format(date);
}

/** An instant (ISO 8601) as a short date and time in the shown language and the user's time zone. */
export function formatDateTime(value: string): string {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return value;
  return dateTimeFormat({ dateStyle: 'short', timeStyle: 'short' }).format(instant);
}
