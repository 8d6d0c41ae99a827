import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { notFound, unavailable } from '../../model/index.js';
import { parseCadastralParcelXml } from '../../formats/inspire-parcels.js';
import { CATASTRO_PARCELS } from './catastro-files.js';
import type { StoredParcel } from '../../model/records.js';
import { asList, asNode, asText } from './ovc-answer.js';

export const WFS_SOURCE = 'Catastro INSPIRE WFS (GetParcel)';

const rootParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', removeNSPrefix: true, parseTagValue: false });

/**
 * The parcel of a WFS GetParcel answer. The service reports an unknown reference as an OWS
 * `ExceptionReport` with HTTP 200 (recorded: OperationProcessingFailed, "No se ha encontrado la
 * parcela …"): that is a 404. Malformed or truncated XML, or a document that is neither a
 * FeatureCollection nor an ExceptionReport, is the source failing: 503.
 */
export function parseGetParcelAnswer(body: string, options: { ref: string; dataDate: string }): StoredParcel {
  const parcel = parseParcelsAnswer(body, options).find((p) => p.ref === options.ref);
  if (!parcel) throw notFound(`Reference ${options.ref} was not found; the Catastro's parcel service returned no parcel for it.`);
  // The reader dates a parcel by its beginLifespanVersion (right for a bulk file); a live answer
  // is the parcel as it stands on the day it was read.
  return { ...parcel, dataDate: options.dataDate };
}

/**
 * Every parcel of a WFS answer (GetNeighbourParcel: the neighbours and the parcel itself), with
 * the same reading of exceptions and malformed documents as GetParcel.
 */
export function parseParcelsAnswer(body: string, options: { ref: string; dataDate: string }): StoredParcel[] {
  const text = body.replace(/^\uFEFF/, '').trim();
  if (!text.startsWith('<') || XMLValidator.validate(text) !== true) {
    throw unavailable(`${WFS_SOURCE} sent malformed XML; retry later.`);
  }
  const document = asNode(rootParser.parse(text));
  if (document.ExceptionReport !== undefined) throw exceptionAnswer(asNode(document.ExceptionReport), options.ref);
  if (document.FeatureCollection === undefined) {
    throw unavailable(`${WFS_SOURCE} sent an unexpected document (neither FeatureCollection nor ExceptionReport); retry later.`);
  }
  try {
    return parseCadastralParcelXml(text, { ...CATASTRO_PARCELS, source: 'live', dataDate: options.dataDate });
  } catch (error) {
    throw unavailable(`${WFS_SOURCE} sent a parcel that could not be read (${(error as Error).message}); retry later.`);
  }
}

function exceptionAnswer(report: Record<string, unknown>, ref: string) {
  const exceptions = asList(report.Exception);
  const code = asText(exceptions[0]?.['@exceptionCode']);
  const said = exceptions
    .map((e) => asText(e.ExceptionText))
    .filter(Boolean)
    .join(' ');
  // "OperationProcessingFailed" is what a lookup of a missing parcel answers; other codes mean
  // the service rejected the request itself, which is not the caller's fault.
  if (code === 'OperationProcessingFailed' || /no se ha encontrado|no existe/i.test(said)) {
    return notFound(`Reference ${ref} was not found; the Catastro says: ${said || code}.`);
  }
  return unavailable(`${WFS_SOURCE} refused the request (${code || 'no code'}: ${said}); retry later.`);
}
