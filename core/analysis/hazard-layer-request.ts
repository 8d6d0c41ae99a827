import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { HAZARD_LAYER_KINDS, validationError, type HazardLayerImportRequest, type HazardLayerKind, type HazardLayerMapping } from '../model/index.js';
import { componentOfFileName } from './ground-motion/import-egms.js';
import { checkCountry } from './terrain/designated-area-mapping.js';
import { layerFormat } from './terrain/read-layer.js';

/** More files than anyone picks by hand; a bound so a caller cannot queue an endless import. */
const MAX_FILES = 200;
const MAX_TEXT = 200;

/** A request checkHazardLayerRequest let through: every path a file of its kind, the mapping complete in shape. */
export type CheckedHazardLayerRequest = HazardLayerImportRequest;

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function optionalText(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '' || value.length > MAX_TEXT) {
    throw validationError(`${name} must be a text of 1 to ${MAX_TEXT} characters.`);
  }
  return value.trim();
}

/** Code, name, and a designation field or one designation text: the shape only; the fields are checked against each layer. */
function checkMapping(value: unknown): HazardLayerMapping {
  if (!isObject(value)) {
    throw validationError('A national designated-areas layer needs a mapping: { code, name, designationField | designation }.');
  }
  const mapping = {
    code: optionalText(value.code, 'mapping.code'),
    name: optionalText(value.name, 'mapping.name'),
    designationField: optionalText(value.designationField, 'mapping.designationField'),
    designation: optionalText(value.designation, 'mapping.designation'),
  };
  if (!mapping.code || !mapping.name) throw validationError('The mapping needs the code field and the name field.');
  if ((mapping.designationField === undefined) === (mapping.designation === undefined)) {
    throw validationError('The mapping needs a designation field or one designation text for the layer, not both.');
  }
  return Object.fromEntries(Object.entries(mapping).filter(([, v]) => v !== undefined));
}

/** The file as the importer of its kind will read it: a regular file of the right type. */
function checkFile(file: unknown, kind: HazardLayerKind, layer: string | undefined): string {
  if (typeof file !== 'string' || file === '') throw validationError('Every file must be a path (a non-empty text).');
  if (kind === 'ground-motion') {
    if (!/\.(zip|csv)$/i.test(file)) throw validationError(`${basename(file)}: ground motion is imported from EGMS Ortho L3 tiles (.zip, or the .csv inside).`);
    if (!componentOfFileName(file)) throw validationError(`${basename(file)}: not an EGMS L3 file name (…_100km_U_2020_2024_1.zip): U or E cannot be told.`);
  } else {
    layerFormat(basename(file), { layer });
  }
  let isFile = false;
  try {
    isFile = statSync(file).isFile();
  } catch {
    // Missing or unreadable: same answer as a folder.
  }
  if (!isFile) throw validationError(`${basename(file)}: no such file (${file}).`);
  return file;
}

/**
 * Everything about a hazard-layer import that can be checked before any file is read, so a
 * bad request imports nothing: the kind, every path, the mapping and country (national
 * designated areas only) and the GeoPackage layer name.
 */
export function checkHazardLayerRequest(request: unknown): CheckedHazardLayerRequest {
  if (!isObject(request)) throw validationError('The import needs { kind, files }.');
  const kind = request.kind as HazardLayerKind;
  if (!HAZARD_LAYER_KINDS.includes(kind)) throw validationError(`kind must be one of ${HAZARD_LAYER_KINDS.join(', ')}.`);
  const { files } = request;
  if (!Array.isArray(files) || files.length === 0) throw validationError('Name at least one file to import.');
  if (files.length > MAX_FILES) throw validationError(`At most ${MAX_FILES} files in one import.`);
  const national = kind === 'designated-areas';
  if (!national && (request.mapping !== undefined || request.country !== undefined)) {
    throw validationError('A mapping and a country describe national designated-areas layers only (kind designated-areas).');
  }
  const layer = optionalText(request.layer, 'layer');
  if (layer !== undefined && kind === 'ground-motion') throw validationError('A layer name applies to GeoPackage layers, not to ground motion.');
  const checked = files.map((file) => checkFile(file, kind, layer));
  // Layers are stored under their file's base name: a second file of the same name would replace the first.
  const names = checked.map((file) => basename(file));
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice) throw validationError(`Two files are named ${twice}: layers are kept by file name, so rename one.`);
  if (!national) return { kind, files: checked, layer };
  const country = request.country === undefined ? undefined : checkCountry(optionalText(request.country, 'country'));
  return { kind, files: checked, mapping: checkMapping(request.mapping), country, layer };
}
