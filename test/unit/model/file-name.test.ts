import { describe, expect, it } from 'vitest';
import { referenceFileName } from '../../../core/model/index.js';

// One rule for every file a reference names (issue 39 item 2): the HTTP exports kept Ñ but not Č,
// the report over HTTP dropped Ñ, the renderer and the desktop drag kept other sets again.
describe('a reference as a file name', () => {
  it.each([
    ['a Spanish finca', '9872023VH5797S', 'kml', '9872023VH5797S.kml'],
    ['a Spanish reference with Ñ', '0001ÑA00100001', 'gpx', '0001ÑA00100001.gpx'],
    ['a Czech reference with its dash', '727024-542', 'pdf', '727024-542.pdf'],
    ['a Polish reference with dots and an underscore', '141201_1.0001.6509', 'kml', '141201_1_0001_6509.kml'],
    ['a Slovak reference with a slash', '12345/1', 'gpx', '12345_1.gpx'],
    ['a German one with spaces and a Umlaut', 'Gemarkung Röthenbach 12', 'pdf', 'Gemarkung_Röthenbach_12.pdf'],
    ['a climb out of the folder', '../../etc/passwd', 'kml', '______etc_passwd.kml'],
    ['a header break', 'a"b\r\nc', 'pdf', 'a_b__c.pdf'],
  ])('%s', (_label, ref, extension, expected) => {
    expect(referenceFileName(ref, extension)).toBe(expected);
  });
});
