import type { CountryCode } from '../model/index.js';
import { COUNTRIES } from '../countries/registry.js';
import type { CheckParcel } from '../countries/evidence.js';

export type { CheckParcel };

/** Each country's check parcel, from its evidence (core/countries/<cc>/evidence.ts `check`). */
export const CHECK_PARCELS: Readonly<Record<CountryCode, CheckParcel>> = Object.fromEntries(
  COUNTRIES.map(({ code, evidence }) => [code, evidence.check]),
) as Record<CountryCode, CheckParcel>;
