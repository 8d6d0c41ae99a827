import { createSax, type SaxHandlers } from '../../core/formats/sax.js';
import { XmlScanner } from '../../core/formats/xml-scanner.js';

/** What a parser handed over, for comparing the import's tokenizer (xml-scanner.ts) with saxes. */
export type XmlEvent = ['open', string, Record<string, string>] | ['text', string] | ['close', string];

export function xmlEvents(parse: (handlers: SaxHandlers) => void): XmlEvent[] {
  const list: XmlEvent[] = [];
  let depth = 0;
  parse({
    open: (local, attributes) => {
      depth++;
      list.push(['open', local, { ...attributes }]);
    },
    // Adjacent text pieces are one text node (saxes and the scanner may cut it differently);
    // the blanks around the root are nobody's text (saxes reports them, the scanner only checks them).
    text: (text) => {
      if (depth === 0) return;
      const last = list[list.length - 1];
      if (last?.[0] === 'text') last[1] += text;
      else list.push(['text', text]);
    },
    close: (local) => {
      depth--;
      list.push(['close', local]);
    },
  });
  return list;
}

export const saxesEvents = (xml: string) =>
  xmlEvents((handlers) => {
    const sax = createSax(handlers);
    sax.write(xml);
    sax.close();
  });

/** The scanner fed a document's bytes (a string: its UTF-8 bytes), cut at the given byte offsets. */
export function scannerEvents(xml: string | Buffer, cuts: number[] = []): XmlEvent[] {
  const bytes = typeof xml === 'string' ? Buffer.from(xml) : xml;
  return xmlEvents((handlers) => {
    const scanner = new XmlScanner(handlers);
    let at = 0;
    for (const cut of [...cuts, bytes.length]) {
      scanner.write(bytes.subarray(at, cut));
      at = cut;
    }
    scanner.close();
  });
}

/** Offsets cutting `length` bytes into chunks of `size`. */
export const chunkCuts = (length: number, size: number) => Array.from({ length: Math.ceil(length / size) - 1 }, (_, k) => (k + 1) * size);
