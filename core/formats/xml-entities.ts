/**
 * Why an import refuses a file using an entity of its own (`<!DOCTYPE x [<!ENTITY …>]>`, then
 * `&name;`), for both parsers (xml-scanner.ts, sax.ts): saxes said only "13:43: undefined entity.",
 * which reads as a broken file and says neither what to do nor that the refusal is deliberate.
 * A module of its own so the scanner does not load saxes.
 */
export function entityRefused(where: string, name?: string): string {
  return (
    `The file uses an XML entity${name ? ` (&${name};)` : ''} ${where} that is not one of XML's own (&amp; &lt; &gt; &quot; &apos;): ` +
    'the importer does not expand the entities a file declares in its DOCTYPE, for safety (such an entity can read other files of this computer or grow without end). ' +
    'The published files use none: replace the entity by its text, or import the file as downloaded.'
  );
}
