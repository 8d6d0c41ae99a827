import type { ReferenceShape } from '../reference-shape.js';

/**
 * Austrian parcel: Katastralgemeinde number (5 digits) - Grundstücksnummer (`.5/1` for a building
 * plot, leading dot; `5/1` otherwise): `14168-.5/1`, `01004-1711` (SOURCES.md 8, the spec's
 * `<KG>-<Gst>`).
 */
const PARCEL = /^(\d{5})[\s-]+(\.?\d{1,5}(?:\/\d{1,4})?)$/;

export const AT_REFERENCE_HINT = 'An Austrian parcel is Katastralgemeinde (5 digits) - Grundstücksnummer, e.g. 01004-1711 or 14168-.5/1.';

/** The outline of the texts this file's parser accepts, for detection (core/countries/reference-shape.ts): KG (5) + number (1-5, optionally after '.') + optional '/' part (1-4). */
export const AT_REFERENCE_SHAPE: ReferenceShape = { length: [6, 16], chars: /[0-9./]/ };

export function parseAustrianReference(raw: string): string | undefined {
  const match = PARCEL.exec(raw.normalize('NFC').trim());
  return match ? `${match[1]}-${match[2]}` : undefined;
}

/** A canonical reference's two parts, as BEV's Katasterservice paths take them (`kg`, `gnr` with its `/` and dot). */
export function splitAustrianReference(ref: string): { kg: string; gnr: string } {
  const cut = ref.indexOf('-');
  return { kg: ref.slice(0, cut), gnr: ref.slice(cut + 1) };
}

/**
 * The reference of a parcel BEV's WMS answers, from its inspireId `AT.0002.I.6.CP.<KG><Gst>`
 * (`AT.0002.I.6.CP.010041711` → 01004-1711; SOURCES.md 15). Reading the five digits after `CP.`
 * as the KG and the rest as the number is this adapter's reading, shared by the public clients
 * seen (UNCERTAIN: how a `/` is written there is not known).
 *
 * A `B` before the number (`AT.0002.I.6.CP.81113B492`, seen live in Innsbruck, SOURCES.md 8) is
 * read as a building plot's leading dot (81113-.492): the dot cannot stand there, as it separates
 * the id's parts, and building plots (Bauflächen) are the one kind of Austrian number with a
 * prefix. That reading is UNCERTAIN too, and checked the same way as the suffix below.
 *
 * Real ids also end in `#<n>` (`AT.0002.I.6.CP.010041656#1`, client code, no recording). What the
 * suffix means is documented nowhere; the clients seen drop it and ask BEV's Katasterservice for
 * KG 01004, number 1656. It is dropped here too, because the reference is then checked: the
 * by-point lookup keeps the Katasterservice's record of that reference only when its outline
 * contains the point (at/live-source.ts), so a wrong reading cannot put another parcel's data on
 * the one found. Anything after `#` other than digits gives no reference.
 */
export function referenceOfInspireId(inspireId: string | undefined): string | undefined {
  const match = /\.CP\.(\d{5})(B?)(\d{1,5})(?:#\d{1,4})?$/.exec(inspireId?.trim() ?? '');
  return match ? parseAustrianReference(`${match[1]}-${match[2] ? '.' : ''}${match[3]}`) : undefined;
}
