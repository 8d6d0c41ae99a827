const MB = 1024 * 1024;

/**
 * Largest file an import inflates (a `.gz`, or one entry of a zip), in MB: 4 GiB, several times
 * the largest published files (a Spanish municipality's INSPIRE GML is at most a few hundred MB; a
 * French département's parcels JSON, the largest file the copy takes, is larger but not by that
 * much). Nothing more is read of a file past it. `CATASTRO_IMPORT_MAX_INFLATED_MB` sets another
 * limit (the tests lower it).
 */
const DEFAULT_MAX_INFLATED_MB = 4096;

/**
 * A decompression bomb grows far faster than real data: the published GML and JSON inflate 10 to
 * 25 times (Segovia's parcels 10, its buildings 24), zlib at most about 1,000. So past 64 MB a
 * file that grew more than 100 times what was read of it is refused at once: a 4.9 MB `.gml.gz`
 * of 3 GiB of comments stops after its first 490 MB, without waiting for the size limit.
 */
const BOMB_RATIO = 100;
const BOMB_FLOOR_BYTES = 64 * MB;

export const maxInflatedBytes = () => Number(process.env.CATASTRO_IMPORT_MAX_INFLATED_MB ?? DEFAULT_MAX_INFLATED_MB) * MB;

/**
 * Refuses a compressed file (named as the user knows it) once its inflated bytes pass the
 * limit, or grow like a bomb's from its compressed bytes read so far. The import stops there and
 * its transaction is rolled back: the copy stays as it was.
 */
export function checkInflated(name: string, inflated: number, compressed: number): void {
  const limit = maxInflatedBytes();
  if (inflated > limit) {
    throw new Error(
      `${name} inflates to more than ${limit / MB} MB, the limit for one decompressed file; refused. ` +
        'No published cadastre file is that large: it is damaged or not a cadastre file ' +
        '(CATASTRO_IMPORT_MAX_INFLATED_MB sets another limit).',
    );
  }
  if (inflated > BOMB_FLOOR_BYTES && inflated > BOMB_RATIO * compressed) {
    throw new Error(
      `${name} inflates to more than ${BOMB_RATIO} times its compressed size (${Math.round(inflated / MB)} MB from ` +
        `${(compressed / MB).toFixed(1)} MB); refused as a decompression bomb: published cadastre files grow 10 to 25 times.`,
    );
  }
}
