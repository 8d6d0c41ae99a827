import type { ReferenceShape } from '../reference-shape.js';

/**
 * German Flurstückskennzeichen (ALKIS, SOURCES.md 5): 20 characters, Land (2) + Gemarkung (4) +
 * Flur (3, `___` where the Land has none, Sachsen) + Zähler (5) + Nenner (4, `_`-filled when the
 * parcel has none) + Flurstücksfolge (2, normally `__`): `15185500301190______`. The INSPIRE
 * answers carry it as nationalCadastralReference; some clients strip the trailing `_`, so with
 * `?country=DE` 14 to 19 characters are padded back. The Länder fill an empty part differently
 * (SOURCES.md 15: Baden-Württemberg `08146000000006000000`, Sachsen `140208___02523001200`,
 * Berlin's 18-character `11000191900567____`); no Flur, Nenner or Folge is ever 0, so an all-`0`
 * part is the same empty part and is written `_` here: one parcel, one canonical form. Also read: the written form
 * `<Gemarkungsschlüssel 6>-<Flur>-<Zähler>[/<Nenner>]`, `051234-1-17/2`.
 * Detection claims the 20-character and the written forms, and 14 bare digits (Land to Zähler,
 * nothing after): those are also a French IDU's and a Finnish long kiinteistötunnus's shape, so
 * they answer 300 CNV_AMBIGUOUS naming all three (spec). Other stripped lengths need `?country=DE`.
 */
const KENNZEICHEN = /^(\d{2})(\d{4})([\d_]{3})(\d{5})([\d_]{4})([\d_]{2})$/;
const WRITTEN = /^(\d{2})(\d{4})-(\d{1,3})-(\d{1,5})(?:\/(\d{1,4}))?$/;

export const DE_REFERENCE_HINT =
  'A German parcel is its Flurstückskennzeichen, 20 characters: Land, Gemarkung, Flur, Zähler, Nenner, Folge, `_`-filled (e.g. 15185500301190______), or written Gemarkungsschlüssel-Flur-Zähler/Nenner (e.g. 151855-3-1190).';

function fromWritten(text: string): string | undefined {
  const match = WRITTEN.exec(text);
  if (!match) return undefined;
  const [, land, gemarkung, flur, zaehler, nenner] = match;
  return `${land}${gemarkung}${flur.padStart(3, '0')}${zaehler.padStart(5, '0')}${nenner ? nenner.padStart(4, '0') : '____'}__`;
}

/** The outline of the texts this file's parser accepts, for detection (core/countries/reference-shape.ts): the written form (8-19) or the `_`-filled Kennzeichen (20). */
export const DE_REFERENCE_SHAPE: ReferenceShape = { length: [8, 20], chars: /[0-9_/]/ };

/** Canonical 20-character Flurstückskennzeichen, or undefined. `strict`: detection's forms only. */
export function parseGermanReference(raw: string, strict = false): string | undefined {
  const text = raw.normalize('NFC').trim().replace(/\s+/g, '');
  const written = fromWritten(text);
  if (written) return canonicalKennzeichen(written);
  if (strict && text.length !== 20 && !/^\d{14}$/.test(text)) return undefined;
  if (text.length < 14 || text.length > 20) return undefined;
  return canonicalKennzeichen(text.padEnd(20, '_'));
}

/** The Kennzeichen with each empty part (all `0` or all `_`: Flur, Nenner, Folge) written `_`. */
function canonicalKennzeichen(padded: string): string | undefined {
  const parts = KENNZEICHEN.exec(padded);
  if (!parts) return undefined;
  const [, land, gemarkung, flur, zaehler, nenner, folge] = parts;
  const empty = (part: string) => (/^0+$/.test(part) ? '_'.repeat(part.length) : part);
  return `${land}${gemarkung}${empty(flur)}${zaehler}${empty(nenner)}${empty(folge)}`;
}

/**
 * Every form a Land's service may hold a canonical Kennzeichen in (SOURCES.md 15): `_`-filled
 * (the AdV standard), with the trailing `_` stripped, every empty part `0` (Baden-Württemberg),
 * no Flur but `0`-filled Nenner and Folge (Sachsen), and Berlin's 18 characters (no Folge).
 * The filters ask all of them: which Land uses which is proven for none by a recorded filter answer.
 */
export function writtenKennzeichenForms(ref: string): string[] {
  const parts = KENNZEICHEN.exec(ref);
  if (!parts) return [ref];
  const [, land, gemarkung, flur, zaehler, nenner, folge] = parts;
  const zero = (part: string) => part.replace(/_/g, '0');
  return [
    ...new Set([
      ref,
      ref.replace(/_+$/, ''),
      `${land}${gemarkung}${zero(flur)}${zaehler}${zero(nenner)}${zero(folge)}`,
      `${land}${gemarkung}${flur}${zaehler}${zero(nenner)}${zero(folge)}`,
      ref.slice(0, 18),
    ]),
  ];
}

export const isDetectedGermanReference = (raw: string) => parseGermanReference(raw, true) !== undefined;

/** The Land (2-digit code, the ALKIS/AGS prefix) of a canonical Flurstückskennzeichen. */
export const landOfReference = (ref: string) => ref.slice(0, 2);
