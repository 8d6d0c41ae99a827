import type { SqliteDatabase } from './db.js';
import type { CountryCode } from '../model/index.js';
import type { RegisterParcel } from '../model/records.js';

/** Writes register entries (import transaction owned by the caller). */
export function registerParcelWriter(db: SqliteDatabase): (entry: RegisterParcel) => void {
  const statement = db.prepare(`
    INSERT INTO register_parcels (country, ref, area, municipality_code, property_id, data_date)
    VALUES (@country, @ref, @area, @municipality, @property, @dataDate)
    ON CONFLICT (country, ref) DO UPDATE SET area = excluded.area, municipality_code = excluded.municipality_code,
      property_id = excluded.property_id, data_date = excluded.data_date`);
  return (entry) =>
    statement.run({
      country: entry.country,
      ref: entry.ref,
      area: entry.areaM2 ?? null,
      municipality: entry.municipalityCode ?? null,
      property: entry.propertyId ?? null,
      dataDate: entry.dataDate,
    });
}

/** What the register says of a parcel, if an import brought it. */
export function readRegisterParcel(db: SqliteDatabase, country: CountryCode, ref: string): RegisterParcel | undefined {
  const row = db.prepare('SELECT * FROM register_parcels WHERE country = ? AND ref = ?').get(country, ref) as
    { area: number | null; municipality_code: string | null; property_id: string | null; data_date: string } | undefined;
  return (
    row && {
      country,
      ref,
      dataDate: row.data_date,
      ...(row.area !== null && { areaM2: row.area }),
      ...(row.municipality_code !== null && { municipalityCode: row.municipality_code }),
      ...(row.property_id !== null && { propertyId: row.property_id }),
    }
  );
}
