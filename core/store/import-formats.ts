// The file formats the import door takes, as the store needs to know them. The store names no
// country: the country registry hands the importer these (core/countries/import-formats.ts), so a
// country's format lives in its folder and the store only writes what the format reads.
import type { CountryCode, NationalBulkKind } from '../model/index.js';
import type { RegisterParcel, StoredParcel } from '../model/records.js';
import type { TextChunk, TextInput } from '../formats/text-stream.js';

/** A national bulk file (Etalab, DKK, EGiB, MAT …), known by its first characters. */
export interface NationalBulkFormat {
  kind: NationalBulkKind;
  country: CountryCode;
  /** True when the first decoded characters of a file are this format's. */
  detect(head: string): boolean;
  /** Streams the file's parcels in batches; throws on anything it cannot read (the import then keeps nothing). */
  stream?(input: TextInput, sink: (parcels: StoredParcel[], progress: TextChunk) => void): Promise<number>;
  /** For registers without outlines: streams register entries instead (store/register-parcels.ts). */
  streamRegister?(input: TextInput, sink: (entries: RegisterParcel[], progress: TextChunk) => void): Promise<{ kept: number; skipped: number }>;
  /** The published area a file (or the zip holding it) covers, from its name: one area replaces its parcels on import. */
  areaOfFileName?(name: string): { code: string; name?: string } | undefined;
  /** The area a loose file covers, from what it holds, when its name does not say (a download saved under another name). */
  areaOfContent?(input: TextInput): Promise<{ code: string; name?: string } | undefined>;
}

/**
 * The cadastre whose INSPIRE GML (parcels, buildings, addresses) and CAT files the door takes,
 * with the rules its published files follow.
 */
export interface InspirePublisher {
  country: CountryCode;
  /** The land class a reference encodes (INSPIRE parcels carry none). */
  landClass?(ref: string): string | undefined;
  /** The municipality code a published file's name carries, if any. */
  municipalityOfFileName(name: string): string | undefined;
  /** The name of the metadata file published beside a municipality's parcels GML. */
  metadataFileName(municipality: string): string;
}

export interface ImportFormats {
  inspire: InspirePublisher;
  national: readonly NationalBulkFormat[];
}

/** Where a file came from, when it was downloaded (kept as the offline area's source). */
export interface ImportOrigin {
  sourceUrl?: string;
}

export interface ImportOptions {
  /** The formats the door takes (the country registry's: core/countries/import-formats.ts). */
  formats: ImportFormats;
  /** By file path: where each file came from. */
  origins?: Record<string, ImportOrigin>;
  /**
   * Stops the import at its next batch (Ctrl-C, SIGTERM): the file being imported is rolled back,
   * files imported before it stay, the rest are not started.
   */
  signal?: AbortSignal;
  /**
   * Given: while another process writes to the copy (an import, a download), the import waits for
   * it, calling this once, until it ends or `signal` stops the wait (a command line tells its user
   * and waits, as apt does for its lock). Not given: it refuses after 5 s (the app and the API
   * answer at once rather than hold a request open).
   */
  onWaitForWriter?: () => void;
}
