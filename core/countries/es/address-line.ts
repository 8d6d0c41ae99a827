import { asNode, asText, type OvcNode } from './ovc-answer.js';

/**
 * Address lines written the way the Catastro writes its own `ldt` text, so a line built from the
 * parts of a list answer (which has no `ldt`) reads like the service's: e.g. the recorded
 * `CL SAN RESTITUTO 72(C) MADRID (MADRID)` (number 72, letter C) and
 * `CL BERGUEDA 35 N2-39 Es:1 Pl:00 Pt:A 43700 EL VENDRELL (TARRAGONA)`.
 */

const stripZeros = (text: string) => text.replace(/^0+(?=\d)/, '');

/** Street part of an urban location (`lourb`): type, name, number (+ letter), 2nd number, km, block. */
export function streetLine(lourb: OvcNode): string {
  const dir = asNode(lourb.dir);
  const parts = [asText(dir.tv), asText(dir.nv)];
  const number = stripZeros(asText(dir.pnp));
  const letter = asText(dir.plp);
  if (number !== '' && number !== '0') parts.push(letter ? `${number}(${letter})` : number);
  const second = stripZeros(asText(dir.snp));
  if (second !== '' && second !== '0') parts.push(`N2-${second}${asText(dir.slp) ? `(${asText(dir.slp)})` : ''}`);
  const km = asText(dir.km);
  if (km !== '' && ovcZero(km) === false) parts.push(`Km:${km}`);
  const block = asText(lourb.bq);
  if (block !== '') parts.push(`Bl:${block}`);
  return parts.filter((p) => p !== '').join(' ');
}

function ovcZero(text: string): boolean {
  return /^[0,.]*$/.test(text);
}

/** Stair, floor and door of a property (`loint`), e.g. `Es:1 Pl:00 Pt:A`. */
export function interiorLine(loint: OvcNode): string {
  const parts: string[] = [];
  if (asText(loint.es)) parts.push(`Es:${asText(loint.es)}`);
  if (asText(loint.pt)) parts.push(`Pl:${asText(loint.pt)}`);
  if (asText(loint.pu)) parts.push(`Pt:${asText(loint.pu)}`);
  return parts.join(' ');
}

/** Rustic location (`lorus`): polygon, parcel and place name (paraje). */
export function rusticLine(lorus: OvcNode): string {
  const cpp = asNode(lorus.cpp);
  const parts: string[] = [];
  if (asText(cpp.cpo)) parts.push(`Polígono ${stripZeros(asText(cpp.cpo))}`);
  if (asText(cpp.cpa)) parts.push(`Parcela ${stripZeros(asText(cpp.cpa))}`);
  if (asText(lorus.npa)) parts.push(asText(lorus.npa));
  return parts.join(' ');
}
