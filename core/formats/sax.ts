import { createRequire } from 'node:module';
import type { SaxesTagPlain } from 'saxes';
import { MAX_PENDING_CHARS, pendingTooLong } from './pending-limit.js';
import { entityRefused } from './xml-entities.js';

// Required, not imported: Node's ESM loader scans a CommonJS package's whole source for its export
// names before running it (cjs-module-lexer), a tenth of an import's start-up (docs/performance.md "Import against GDAL").
const { SaxesParser } = createRequire(import.meta.url)('saxes') as typeof import('saxes');

export interface SaxHandlers {
  open(local: string, attributes: Record<string, string>): void;
  text(text: string): void;
  close(local: string): void;
}

const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
};

/**
 * A saxes parser reporting local names (prefixes differ between the Catastro's files for the
 * same schema), without namespace resolution, which costs time and is not needed here.
 * Errors are rethrown from `write` so a malformed file aborts its import.
 */
export function createSax(handlers: SaxHandlers): { write(chunk: string): void; close(): void } {
  const parser = new SaxesParser({ xmlns: false, position: true });
  let failure: Error | undefined;
  // Characters written since saxes last reported something: what it holds (MAX_PENDING_CHARS).
  let pending = 0;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    pending = 0;
    handlers.open(localName(tag.name), tag.attributes as Record<string, string>);
  });
  parser.on('text', (text) => {
    pending = 0;
    handlers.text(text);
  });
  parser.on('cdata', (text) => {
    pending = 0;
    handlers.text(text);
  });
  parser.on('closetag', (tag) => {
    pending = 0;
    handlers.close(localName(tag.name));
  });
  parser.on('comment', () => {
    pending = 0;
  });
  const check = () => {
    if (!failure) return;
    // saxes: "13:43: undefined entity." for a name not among XML's own.
    const entity = /^(\d+):(\d+): undefined entity\.$/.exec(failure.message);
    if (entity) throw new Error(entityRefused(`at line ${entity[1]}, column ${entity[2]}`));
    throw new Error(`Malformed XML: ${failure.message}`);
  };
  return {
    write(chunk: string) {
      parser.write(chunk);
      check();
      pending += chunk.length;
      if (pending > MAX_PENDING_CHARS) throw new Error(`Malformed XML: ${pendingTooLong} (near line ${parser.line}).`);
    },
    close() {
      parser.close();
      check();
    },
  };
}
