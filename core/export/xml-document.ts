import { XMLBuilder } from 'fast-xml-parser';

/**
 * Characters XML 1.0 does not allow in a document at all, not even as a character reference
 * (§2.2 Char): C0 controls but tab, LF and CR; lone surrogates (matched as code points with the
 * `u` flag); U+FFFE and U+FFFF. A text can hold them (a CAT file's address, a user's CSV cell);
 * written raw, or as `&#1;`, no XML parser opens the file. They carry nothing, so they are dropped.
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * The markup characters, and tab, LF and CR as character references: a parser turns a raw CR
 * into LF (§2.11) and raw whitespace in an attribute into spaces (§3.3.3); references survive
 * both, so every text reads back exactly as it was written.
 */
const REFERENCE: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};
const NEEDS_REFERENCE = /[&<>"'\t\n\r]/g;

/**
 * The one rule every XML file the app writes (KML, GPX, a batch's KML) applies to its texts, in
 * element content and attribute values alike. Written here, not left to each writer's library:
 * each got a different part wrong (gpx-builder's xmlbuilder2 left `&foo;` and `&lt;` as they were,
 * so they read back as an entity or as `<`; tokml wrote `]]>` and U+FFFE raw; none dropped every
 * character XML 1.0 forbids).
 */
export function xmlText(value: string): string {
  return value.replace(NOT_XML_CHAR, '').replace(NEEDS_REFERENCE, (char) => REFERENCE[char]);
}

const escapeValue = (_name: string, value: unknown) => (typeof value === 'string' ? xmlText(value) : value);

/** fast-xml-parser's builder with xmlText as its only escaping (its own entity list is off, so nothing is escaped twice). */
const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  suppressEmptyNode: true,
  processEntities: false,
  tagValueProcessor: escapeValue,
  attributeValueProcessor: escapeValue,
});

/** XML of a document tree (elements as keys, attributes as `@_name`), every text through xmlText. */
export function buildXml(document: object): string {
  return builder.build(document) as string;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
