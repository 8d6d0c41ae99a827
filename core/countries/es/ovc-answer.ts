import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ServiceError, notFound, unavailable, validationError } from '../../model/index.js';

/**
 * Reading OVC answers (JSON WCF, and the XML form whose element names are the same keys).
 * The OVC reports refusals inside an HTTP 200 body: `control.cuerr` and `lerr` with `{cod, des}`.
 */
export type OvcNode = Record<string, unknown>;

export const asNode = (value: unknown): OvcNode => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as OvcNode) : {});

export const asText = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/** One element or a list of them, as a list (XML and JSON both drop the array for one item). */
export const asList = (value: unknown): OvcNode[] => (Array.isArray(value) ? value.map(asNode) : value === undefined || value === null ? [] : [asNode(value)]);

/** Numbers as the OVC writes them: decimal comma (`"8,200000"`), sometimes a dot. NaN when absent. */
export function ovcNumber(value: unknown): number {
  const text = asText(value);
  if (text === '') return Number.NaN;
  const normalised = text.includes(',') ? text.replace(/\./g, '').replace(',', '.') : text;
  return /^[-+]?\d*\.?\d+$/.test(normalised) ? Number(normalised) : Number.NaN;
}

const xmlParser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
});

/**
 * The answer's root object. JSON roots are `<operation>Result` (`consulta_dnprcResult`,
 * `Consulta_RCCOORResult`); XML roots are `consulta_dnp`, `consulta_coordenadas`. A body that is
 * neither readable JSON nor well-formed XML, or lacks the root, means the source sent garbage
 * (maintenance page, cut answer): 503, not a crash.
 */
export function ovcRoot(body: string, roots: string[], sourceName: string): OvcNode {
  const text = body.replace(/^\uFEFF/, '').trim();
  let document: OvcNode;
  if (text.startsWith('<')) {
    if (XMLValidator.validate(text) !== true) throw unavailable(`${sourceName} sent malformed XML; retry later.`);
    document = asNode(xmlParser.parse(text));
  } else {
    try {
      document = asNode(JSON.parse(text));
    } catch {
      throw unavailable(`${sourceName} sent an unreadable answer (not JSON); retry later.`);
    }
  }
  const key = Object.keys(document).find((name) => roots.some((root) => root.toLowerCase() === name.toLowerCase()));
  if (key === undefined) throw unavailable(`${sourceName} sent an unexpected answer (no ${roots.join(' / ')}); retry later.`);
  return asNode(document[key]);
}

export interface OvcError {
  code: string;
  description: string;
}

/** `lerr` is a list of `{cod, des}` in the recorded JSON and `lerr/err[]` in XML. */
export function ovcErrors(root: OvcNode): OvcError[] {
  const lerr = root.lerr;
  const items = Array.isArray(lerr) ? asList(lerr) : asList(asNode(lerr).err);
  const errors = items.map((e) => ({ code: asText(e.cod), description: asText(e.des) }));
  const declared = ovcNumber(asNode(root.control).cuerr);
  if (errors.length === 0 && declared > 0) return [{ code: '', description: 'unspecified error' }];
  return errors;
}

/**
 * OVC error codes. Recorded: 17 (reference missing), 16 (no reference at those coordinates).
 * Documented by third parties, not recorded: 4 (malformed reference), 5 (no property with those
 * parameters), 11 (province required), 12 (province does not exist), 18 (reference must have
 * 14 positions), 33 (street does not exist), 43 (number does not exist).
 */
const NOT_FOUND_CODES = new Set(['5', '12', '16', '33', '43']);
const MALFORMED_CODES = new Set(['4', '11', '17', '18']);

/** The spec's error for an OVC refusal: "does not exist" → 404, a malformed query → 400. */
export function ovcRefusal(errors: OvcError[], subject: string): ServiceError {
  const first = errors[0] ?? { code: '', description: 'unspecified error' };
  const said = `the Catastro says: ${first.description}${first.code ? ` (code ${first.code})` : ''}`;
  if (MALFORMED_CODES.has(first.code)) return validationError(`${subject} was refused as malformed; ${said}.`);
  if (NOT_FOUND_CODES.has(first.code)) return notFound(`${subject} was not found; ${said}.`);
  // Unknown codes: the query was already validated here, so read the text; default to not found.
  if (/OBLIGATORI|MAL FORMAD|CORRECTAMENTE|DEBE SER|INCORRECT/i.test(first.description)) {
    return validationError(`${subject} was refused as malformed; ${said}.`);
  }
  return notFound(`${subject} was not found; ${said}.`);
}
