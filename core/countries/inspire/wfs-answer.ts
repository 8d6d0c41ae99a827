import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { unavailable } from '../../model/index.js';
import { parseCadastralParcelXml } from '../../formats/inspire-parcels.js';
import type { StoredParcel } from '../../model/records.js';
import type { InspireWfsProfile } from './profile.js';

const rootParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', removeNSPrefix: true, parseTagValue: false });

/**
 * The parcels of a GetFeature answer. An OWS ExceptionReport, malformed XML or a document that
 * is not a FeatureCollection is the service failing (503): a query that finds nothing is an
 * empty FeatureCollection, which the caller turns into a 404.
 */
export function parseInspireAnswer(body: string, profile: InspireWfsProfile, dataDate: string): StoredParcel[] {
  const text = body.replace(/^\uFEFF/, '').trim();
  if (!text.startsWith('<') || XMLValidator.validate(text) !== true) throw unavailable(`${profile.source} sent malformed XML; retry later.`);
  const root = rootParser.parse(text) as Record<string, unknown>;
  if (root.ExceptionReport !== undefined) {
    const said = JSON.stringify(root.ExceptionReport).slice(0, 200);
    throw unavailable(`${profile.source} refused the request (${said}); retry later.`);
  }
  if (root.FeatureCollection === undefined) throw unavailable(`${profile.source} sent an unexpected document (no FeatureCollection); retry later.`);
  try {
    return parseCadastralParcelXml(text, { source: 'live', dataDate, country: profile.country, reference: profile.referenceOf }).map((parcel) => ({
      ...parcel,
      dataDate,
    }));
  } catch (error) {
    throw unavailable(`${profile.source} sent a parcel that could not be read (${(error as Error).message}); retry later.`);
  }
}
