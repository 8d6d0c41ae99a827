import type { OfficialViewer } from '../official-viewer.js';

/**
 * Poland: GUGiK's geoportal.gov.pl opened on the działka. GUGiK documents the `identifyParcel`
 * parameter (the parcel's identifier, e.g. `141207_4.0009.159`) in its news of 2018-10-08
 * ("Linkowanie do geoportalu z identyfikatorem działki ewidencyjnej") and 2019-07-24
 * ("Linkowanie do Geoportalu coraz bardziej popularne przy sprzedaży nieruchomości").
 */
export const POLAND_OFFICIAL_VIEWER: OfficialViewer = {
  name: 'Geoportal.gov.pl',
  documentation:
    'https://www.geoportal.gov.pl/o-geoportalu/aktualnosci/-/asset_publisher/HCHq0YGNRszn/content/08-10-2018-linkowanie-do-geoportalu-z-identyfikatorem-dzialki-ewidencyjnej',
  url: (ref) => `https://mapy.geoportal.gov.pl/imap/?identifyParcel=${encodeURIComponent(ref)}`,
};
