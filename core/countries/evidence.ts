import type { Coverage, LonLat } from '../model/index.js';

/**
 * What the tests prove of a country against its real service, declared beside the country
 * (`<code>/evidence.ts`) as data: docs/coverage.md is written from it and the registry's coverage
 * rows by scripts/coverage-table.ts, and test/unit/countries/evidence.test.ts checks it against the
 * fakes, the recordings and their PROVENANCE.md rows.
 *
 * - `recorded`: the fake replays answers the real service gave, byte for byte, each file with its
 *   provenance row (repository, path, commit or URL);
 * - `documented`: nothing was recorded; the fake's answers are written by hand to the operator's
 *   published format or schema (INSPIRE CP, GeoServer GeoJSON, ArcGIS REST, OGC API, the
 *   operator's own documentation);
 * - `hand-written`: nothing was recorded and no published format was found: the answers follow
 *   what public client code reads, or a guess.
 */
export type EvidenceLevel = 'recorded' | 'documented' | 'hand-written';

export const EVIDENCE_LEVELS: readonly EvidenceLevel[] = ['recorded', 'documented', 'hand-written'];

/** The coverage row's capabilities a country's evidence answers for (analysis has its own sources). */
export type EvidencedCapability = Exclude<keyof Coverage, 'analysis'>;

export const EVIDENCED_CAPABILITIES: readonly EvidencedCapability[] = ['byReference', 'byCoordinates', 'byAddress', 'units'];

export interface Evidence {
  level: EvidenceLevel;
  /** The fake that plays the source in the tests: its file (the country's `test/fake.ts` or one in test/fake-upstream/) and the route. */
  fake: string;
  /**
   * The recordings the fake replays or builds its answers from: a country folder's as their path in the
   * repository (`core/countries/lu/test/recordings/…`), those still in test/fixtures as their path there (`countries/…`).
   */
  fixtures?: readonly string[];
  /** What answers written by hand follow (documentation, schema, client code), or what a recording lacks. */
  basis?: string;
}

/**
 * The parcel `catastro sources check` asks of a country's live sources, one lookup per
 * capability, declared in the country's evidence (`check`). `ref` is one of its evidence
 * references (test/unit/status/sources-check-comparison.test.ts holds it to that), chosen among
 * those the test fakes answer, so the check passes against the fakes and proves the real service
 * where one answers.
 */
export interface CheckParcel {
  ref: string;
  /**
   * Key fields of the answer a real service gave (the recording named in `from`), compared within
   * tolerance (lookup-comparison.ts). Only for countries whose lookup by reference was recorded:
   * a parcel written by hand has no area or centre a real service could be held to.
   */
  recorded?: { areaM2: number; centre: LonLat; municipality?: string; from: string };
  /**
   * The point asked by coordinates: where it was recorded (Spain's Consulta_RCCOOR), or for a
   * country answering by coordinates but not by reference. Otherwise a point inside the outline the
   * lookup by reference answered.
   */
  point?: LonLat;
  /** The reference the recorded point answered, where it is not `ref` as asked by reference (Italy's recording). */
  pointAnswers?: string;
  /** A real address on the country's address search, for the lookup by address (the fakes know the same places). */
  address?: string;
  /** Finca with units (coverage.units), and how many the recording lists. */
  units?: { ref: string; count: number; from: string };
}

export interface CountryEvidence {
  /** The live source(s) and protocol(s) the adapter asks. */
  source: string;
  capabilities: Partial<Record<EvidencedCapability, Evidence>>;
  /** The spec's extra data of the country's coverage row (`municipality`, `use`…), each with its evidence. */
  extras?: Readonly<Record<string, Evidence>>;
  /** The parcel `catastro sources check` asks of the live sources. */
  check: CheckParcel;
  /** Real references of the country (or documented examples where nothing was recorded), each with where it was read. */
  references: readonly { ref: string; from: string }[];
  /** What is known not to work today (the list of defects that still hold). */
  knownNotWorking: readonly string[];
}

/** Address search through the open geocoder, whose fake is shared by the countries without a free official register. */
export const NOMINATIM_ADDRESSES: Evidence = {
  level: 'documented',
  fake: 'test/fake-upstream/countries/nominatim.ts (/nominatim/search)',
  basis: 'Nominatim jsonv2 as documented (nominatim.org API reference); one invented place on the fake parcel',
};

/** The basis of the INSPIRE parcels the fakes write by hand for countries of which nothing was recorded. */
export const INSPIRE_CP_BY_HAND = 'INSPIRE Cadastral Parcels GML application schema (cp 4.0, WFS 2.0 FeatureCollection); hand-parcels.ts square';
