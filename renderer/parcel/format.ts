import { i18next } from '../i18n/i18n.js';

/** Where an answer came from (the API's dataSource code), said in the shown language; unknown codes as they are. */
export const describeSource = (source: string | undefined): string | undefined =>
  (source ? i18next.t(`parcel:source.${source}`, { defaultValue: source }) : undefined);
