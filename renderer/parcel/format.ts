import { i18next } from '../i18n/i18n.js';

/**
 * A country code as a name in the shown language (`France (FR)`); the foral cadastres PV and NA
 * and codes Intl does not know stay as they are.
 */
export function describeCountry(code: string | undefined): string | undefined {
  if (!code) return undefined;
  const named = i18next.t(`parcel:country.${code}`, { defaultValue: '' });
  if (named) return `${named} (${code})`;
  try {
    const name = new Intl.DisplayNames([i18next.language || 'en'], { type: 'region', fallback: 'none' }).of(code);
    return name ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

/** Where an answer came from (the API's dataSource code), said in the shown language; unknown codes as they are. */
export const describeSource = (source: string | undefined): string | undefined =>
  source ? i18next.t(`parcel:source.${source}`, { defaultValue: source }) : undefined;
