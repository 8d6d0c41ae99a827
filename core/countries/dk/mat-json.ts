import { streamJsonElements } from '../../formats/json-stream.js';
import type { TextChunk, TextInput } from '../../formats/text-stream.js';
import type { RegisterParcel } from '../../model/records.js';
import { parseDanishReference } from './reference.js';
import { isIsoDay, todayIso } from '../../model/index.js';

/*
 * Datafordeler's MAT flat download (`MAT-Totaludtraek-…-JSON-v3`, fixtures README "Denmark"):
 * one object of `<Entity>List` arrays, every record bitemporal. Its jordstykker carry NO
 * geometry, so they go to the register (store/register-parcels.ts), not to the drawable copy.
 */

/**
 * A record in force now: registered and effective without end, status Gældende (in force);
 * Historisk (superseded) and Foreløbig (provisional, pending a case) are not the register's answer.
 */
export const isCurrent = (record: Record<string, unknown>) => record.status === 'Gældende' && record.registreringTil == null && record.virkningTil == null;

/** A current Jordstykke as a register entry: `registreretAreal` is a STRING of m². */
export function registerEntryOf(record: Record<string, unknown>): RegisterParcel | undefined {
  const ref = parseDanishReference(`${String(record.ejerlavLokalId ?? '')}-${String(record.matrikelnummer ?? '')}`);
  if (!ref) return undefined;
  const area =
    typeof record.registreretAreal === 'string' && /^\d+(\.\d+)?$/.test(record.registreretAreal.trim()) ? Number(record.registreretAreal) : undefined;
  const from = String(record.virkningFra ?? '').slice(0, 10);
  return {
    country: 'DK',
    ref,
    ...(area !== undefined && { areaM2: area }),
    ...(typeof record.kommuneLokalId === 'string' && { municipalityCode: record.kommuneLokalId }),
    ...(typeof record.samletFastEjendomLokalId === 'string' && { propertyId: record.samletFastEjendomLokalId }),
    dataDate: isIsoDay(from) ? from : todayIso(),
  };
}

/** Streams the current jordstykker; returns how many were kept and how many records were not current. */
export async function streamMatJordstykker(
  input: TextInput,
  sink: (entries: RegisterParcel[], progress: TextChunk) => void,
): Promise<{ kept: number; skipped: number }> {
  let kept = 0;
  let skipped = 0;
  await streamJsonElements(input, ['$.JordstykkeList.*'], (elements, chunk) => {
    const entries: RegisterParcel[] = [];
    for (const { value } of elements) {
      const record = value as Record<string, unknown>;
      const entry = isCurrent(record) ? registerEntryOf(record) : undefined;
      if (entry) entries.push(entry);
      else skipped++;
    }
    kept += entries.length;
    sink(entries, chunk);
  });
  return { kept, skipped };
}
