/**
 * Where HM Land Registry publishes the INSPIRE Index Polygons (England and Wales, Open Government
 * Licence): one zip per local authority, named after it (`Vale_of_Glamorgan_Council.zip`), holding
 * `Land_Registry_Cadastral_Parcels.gml`, listed at this page and refreshed on the first Sunday of
 * each month. The app reads the zip as downloaded (`catastro import <authority>.zip`).
 */
export const HMLR_INSPIRE_DOWNLOAD_PAGE = 'https://use-land-property-data.service.gov.uk/datasets/inspire/download';

/** An authority's zip name as published: letters, digits, `_`, `-`, `.` and `'` (Newcastle-under-Lyme, King's Lynn). */
const AUTHORITY_ZIP = /^([A-Za-z0-9][\w.'-]*)\.zip$/;

/** The local authority an INSPIRE Index Polygons zip covers, from its published name (the offline area it fills, named as the authority). */
export function hmlrAuthorityOfFileName(name: string): { country: 'UK'; code: string; name: string } | undefined {
  const code = AUTHORITY_ZIP.exec(name)?.[1];
  return code ? { country: 'UK', code, name: code.replaceAll('_', ' ') } : undefined;
}
