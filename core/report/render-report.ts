import path from 'node:path';
import PDFDocument from 'pdfkit';
import { PARCEL_FIELDS } from '../export/feature-table.js';
import { polygonsOf } from '../geo/polygon.js';
import { rusticPlaceName } from '../countries/es/reference.js';
import type { LonLat, OutputLanguage, Parcel, ParcelGeometry, ParcelReportData } from '../model/index.js';
import { mapFrame, scaleBarMetres, type MapFrame } from './map-frame.js';
import { A4, MARGIN, REPORT_MAP } from './report-layout.js';
import { REPORT_TEXT, type GroundMotionClassName, type ReportFieldLabel, type ReportText } from './text/index.js';

/** The unit printed after a field's value, where it has one (the same in every language). */
const FIELD_UNITS: Partial<Record<ReportFieldLabel, string>> = { latitud: '° WGS84', longitud: '° WGS84', superficieConstruida: 'm²', participacion: '%' };

/**
 * The bundled DejaVu Sans Condensed (resources/fonts, see its README), not the PDF standard Helvetica:
 * Helvetica encodes WinAnsi only, and Czech, Polish, Baltic, Greek or Bulgarian names would
 * print as wrong glyphs. pdfkit embeds the subset a report uses.
 */
const FONT = { regular: 'report-regular', bold: 'report-bold' } as const;
const FONT_FILES = { regular: 'DejaVuSansCondensed.ttf', bold: 'DejaVuSansCondensed-Bold.ttf' } as const;

const COLOURS = { text: '#1a1a1a', muted: '#666666', rule: '#bbbbbb', neighbour: '#8a8a8a', parcelFill: '#f4a259', parcelStroke: '#b23a1e', frame: '#333333' };

/** Numbers in the report's language (Spanish and German 1.086,5; English 1,086.5; French 1 086,5), grouped always. */
type NumberText = (value: number, digits?: number) => string;
function numberText(language: OutputLanguage): NumberText {
  return (value, digits = 0) => value.toLocaleString(language, { maximumFractionDigits: digits, minimumFractionDigits: digits, useGrouping: 'always' });
}

const M2_PER_HECTARE = 10_000;

/** What the report's texts need at hand while drawing: the language's words and number form. */
interface Words {
  text: ReportText;
  number: NumberText;
}

function sourceName(text: ReportText, source: string | undefined): string {
  return source && source in text.sources ? text.sources[source as keyof ReportText['sources']] : (source ?? text.sources.notStated);
}

/**
 * The parcel's facts as label and value, in print order: the answer's fields (PARCEL_FIELDS), and
 * for Spanish rustic land its polígono, parcela and paraje after the province and its area in
 * hectares too (farmland is measured in hectares), as the panel shows them.
 */
function parcelRows({ parcel, rustic }: ParcelReportData, { text, number }: Words): [string, string][] {
  const rows: [string, string][] = [];
  const add = (label: ReportFieldLabel, value: string | undefined) => {
    if (value) rows.push([text.fields[label], value]);
  };
  for (const { name } of PARCEL_FIELDS) {
    const value = parcel[name as keyof Parcel];
    const label = name as ReportFieldLabel;
    if (value === undefined || value === null || value === '' || typeof value === 'object') continue;
    const unit = FIELD_UNITS[label];
    if (name === 'latitud' || name === 'longitud') add(label, `${(value as number).toFixed(7)} ${unit}`);
    else if (name === 'dataSource') add(label, sourceName(text, value as string));
    else if (name === 'superficieParcela') {
      const area = value as number;
      add(label, rustic || area >= M2_PER_HECTARE ? `${number(area)} m² (${number(area / M2_PER_HECTARE, 4)} ha)` : `${number(area)} m²`);
    } else if (name === 'anioConstruccion') add(label, String(value));
    else if (typeof value === 'number') add(label, `${number(value, Number.isInteger(value) ? 0 : 2)}${unit ? ` ${unit}` : ''}`);
    else add(label, unit ? `${value} ${unit}` : String(value));
    if (name === 'provincia' && rustic) {
      if (parcel.refCatastral.length === 14) add('poligonoParcela', text.poligonoParcela(rustic.poligono, rustic.parcela));
      add('paraje', rusticPlaceName(parcel.direccion));
    }
  }
  return rows;
}

/** A closed ring repeats its first vertex at the end; the outline's vertices are the distinct ones. */
export function outlineVertices(ring: LonLat[]): LonLat[] {
  const [first, last] = [ring[0], ring.at(-1)];
  return ring.length > 1 && first[0] === last![0] && first[1] === last![1] ? ring.slice(0, -1) : ring;
}

/** Text lines of one column, stopping (with a note) at the bottom instead of spilling onto a second page. */
class Column {
  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly x: number,
    private y: number,
    private readonly width: number,
    private readonly bottom: number,
    private readonly labelWidth = 92,
  ) {}

  private room(height: number): boolean {
    return this.y + height <= this.bottom;
  }

  heading(text: string): void {
    if (!this.room(20)) return;
    this.y += 4;
    this.doc.font(FONT.bold).fontSize(9).fillColor(COLOURS.text).text(text, this.x, this.y, { width: this.width, lineBreak: false });
    this.y += 12;
    this.doc
      .moveTo(this.x, this.y - 1)
      .lineTo(this.x + this.width, this.y - 1)
      .lineWidth(0.5)
      .strokeColor(COLOURS.rule)
      .stroke();
    this.y += 2;
  }

  row(label: string, value: string): boolean {
    const { labelWidth } = this;
    const valueWidth = this.width - labelWidth;
    // A sentence too long for one line takes two (translations run longer than English).
    const wraps = value.includes(' ') && this.doc.font(FONT.regular).fontSize(7.5).widthOfString(value) > valueWidth;
    const height = wraps ? 19 : 10;
    if (!this.room(height)) return false;
    // Long values without spaces (links) in a smaller size rather than cut: every field is printed whole.
    const size = wraps ? 7.5 : value.length > 48 ? 5.6 : value.length > 42 ? 6.2 : 7.5;
    this.doc
      .font(FONT.regular)
      .fontSize(7)
      .fillColor(COLOURS.muted)
      .text(label, this.x, this.y + 0.5, { width: labelWidth - 4, height: 9, lineBreak: false, ellipsis: true });
    this.doc
      .font(FONT.regular)
      .fontSize(size)
      .fillColor(COLOURS.text)
      .text(value, this.x + labelWidth, this.y, { width: valueWidth, height: height - 1, lineBreak: wraps, ellipsis: true, lineGap: 0 });
    this.y += height;
    return true;
  }

  /** A note of several lines, wrapped to the column (as many as there is room for). */
  paragraph(text: string, options: { muted?: boolean } = {}): void {
    this.doc.font(FONT.regular).fontSize(7);
    const height = Math.min(this.doc.heightOfString(text, { width: this.width }), this.bottom - this.y);
    if (height < 8) return;
    this.doc.fillColor(options.muted ? COLOURS.muted : COLOURS.text).text(text, this.x, this.y, { width: this.width, height, ellipsis: true });
    this.y += height + 1.5;
  }

  line(text: string, options: { muted?: boolean; link?: string } = {}): boolean {
    if (!this.room(10)) return false;
    this.doc
      .font(FONT.regular)
      .fontSize(7)
      .fillColor(options.link ? '#1a4fa0' : options.muted ? COLOURS.muted : COLOURS.text)
      .text(text, this.x, this.y, { width: this.width, height: 9, lineBreak: false, ellipsis: true, link: options.link, underline: !!options.link });
    this.y += 9.5;
    return true;
  }
}

function tracePolygon(doc: PDFKit.PDFDocument, geometry: ParcelGeometry, frame: MapFrame): void {
  for (const rings of polygonsOf(geometry)) {
    for (const ring of rings) {
      ring.forEach((point, i) => {
        const [x, y] = frame.project(point as LonLat);
        if (i === 0) doc.moveTo(REPORT_MAP.x + x, REPORT_MAP.y + y);
        else doc.lineTo(REPORT_MAP.x + x, REPORT_MAP.y + y);
      });
      doc.closePath();
    }
  }
}

function ringCentre(geometry: ParcelGeometry): LonLat {
  const ring = polygonsOf(geometry)[0][0];
  const [sx, sy] = ring.reduce(([ax, ay], [x, y]) => [ax + x, ay + y], [0, 0]);
  return [sx / ring.length, sy / ring.length];
}

function drawMap(doc: PDFKit.PDFDocument, data: ParcelReportData, { text, number }: Words): MapFrame {
  const { parcel } = data;
  const own: ParcelGeometry = { type: 'Polygon', coordinates: [parcel.poligono] };
  const xs = parcel.poligono.map(([lon]) => lon);
  const ys = parcel.poligono.map(([, lat]) => lat);
  const frame = mapFrame([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)], REPORT_MAP.width, REPORT_MAP.height);
  const { x, y, width, height } = REPORT_MAP;

  doc.save();
  doc.rect(x, y, width, height).fill('#fbfaf7');
  doc.rect(x, y, width, height).clip();
  for (const neighbour of data.neighbours) {
    tracePolygon(doc, neighbour.geometry, frame);
    doc.lineWidth(0.4).strokeColor(COLOURS.neighbour).stroke();
  }
  tracePolygon(doc, own, frame);
  doc.fillOpacity(0.45).fillColor(COLOURS.parcelFill).fill();
  doc.fillOpacity(1);
  tracePolygon(doc, own, frame);
  doc.lineWidth(1.6).strokeColor(COLOURS.parcelStroke).stroke();
  // Neighbours' references where there is room to read them (not over the reported parcel).
  if (frame.scale <= 5000) {
    doc.font(FONT.regular).fontSize(5).fillColor(COLOURS.muted);
    for (const neighbour of data.neighbours) {
      const [nx, ny] = frame.project(ringCentre(neighbour.geometry));
      if (nx < 20 || ny < 10 || nx > width - 20 || ny > height - 30) continue;
      doc.text(neighbour.ref, x + nx - 30, y + ny - 2.5, { width: 60, align: 'center', lineBreak: false });
    }
  }
  const [px, py] = frame.project([parcel.longitud, parcel.latitud]);
  doc
    .font(FONT.bold)
    .fontSize(8)
    .fillColor(COLOURS.parcelStroke)
    .text(parcel.refCatastral, x + px - 60, y + py - 4, { width: 120, align: 'center', lineBreak: false });
  doc.restore();
  doc.rect(x, y, width, height).lineWidth(0.8).strokeColor(COLOURS.frame).stroke();

  // Scale bar: two halves, black and white, with its length and the map scale.
  const barMetres = scaleBarMetres(frame.pointsPerMetre, width / 4);
  const barPoints = barMetres * frame.pointsPerMetre;
  const [bx, by] = [x + 12, y + height - 22];
  doc
    .rect(bx - 4, by - 10, barPoints + 70, 28)
    .fillOpacity(0.85)
    .fill('#ffffff')
    .fillOpacity(1);
  doc.rect(bx, by, barPoints / 2, 4).fill(COLOURS.frame);
  doc
    .rect(bx + barPoints / 2, by, barPoints / 2, 4)
    .lineWidth(0.6)
    .fillAndStroke('#ffffff', COLOURS.frame);
  doc.font(FONT.regular).fontSize(6.5).fillColor(COLOURS.text);
  doc.text('0', bx - 2, by - 8, { lineBreak: false });
  doc.text(`${number(barMetres)} m`, bx + barPoints - 6, by - 8, { lineBreak: false });
  doc.text(text.scale(number(frame.scale)), bx, by + 7, { lineBreak: false });

  // North arrow: the frame is north-up.
  const [ax, ay] = [x + width - 22, y + 14];
  doc.polygon([ax, ay], [ax - 6, ay + 18], [ax, ay + 13]).fill(COLOURS.frame);
  doc
    .polygon([ax, ay], [ax + 6, ay + 18], [ax, ay + 13])
    .lineWidth(0.6)
    .fillAndStroke('#ffffff', COLOURS.frame);
  doc
    .font(FONT.bold)
    .fontSize(8)
    .fillColor(COLOURS.text)
    .text('N', ax - 3, ay + 20, { lineBreak: false });
  if (data.neighboursUnavailable) {
    doc
      .font(FONT.regular)
      .fontSize(6.5)
      .fillColor(COLOURS.muted)
      .text(text.neighboursUnavailable, x + 8, y + 8, { width: width - 60, height: 18, ellipsis: true });
  }
  return frame;
}

function describeTerrain(data: ParcelReportData, column: Column, { text, number }: Words): void {
  const areas = data.terrain?.protected_areas;
  if (!areas) return;
  const words = text.protectedAreas;
  const pct = number(areas.max_overlap_pct, 1);
  column.row(
    words.label,
    areas.status === 'no_data' ? words.noLayer : areas.intersects ? (areas.inside ? words.inside(pct) : words.overlaps(pct)) : words.none,
  );
  for (const site of [...areas.natura2000, ...areas.national].slice(0, 3)) {
    column.line(`  ${site.code} ${site.name}: ${number(site.overlap_pct, 1)} %`);
  }
}

function describeGroundMotion(data: ParcelReportData, column: Column, { text, number }: Words): void {
  const result = data.groundMotion;
  if (!result) return;
  const words = text.groundMotion;
  if (result.status !== 'ok' || !result.ground_motion) {
    // No estimate means two things: no layer loaded for this area at all, or none of its reflectors on this parcel.
    column.row(words.label, data.groundMotionLoadedNearby ? words.noReflector : words.noLayerLoaded);
    return;
  }
  const motion = result.ground_motion;
  const className = (name: string) => words.classes[name as GroundMotionClassName] ?? name.replace(/_/g, ' ');
  column.row(words.label, words.summary(className(motion.class), number(motion.vertical.mean_mm_year, 1), result.period?.label ?? ''));
  column.row('', words.detail(className(motion.worst_class), number(motion.vertical.max_subsidence_mm_year, 1), number(motion.coverage_pct, 0)));
}

function describeSolar(data: ParcelReportData, column: Column, { text, number }: Words): void {
  const solar = data.solar;
  if (!solar) return;
  if (!solar.disponible) {
    column.row(text.solar.label, text.solar.noData);
    return;
  }
  column.row(text.solar.label, text.solar.summary(number(solar.kwh_year), number(solar.kw_instalables, 1), number(solar.irradiacion_media)));
  column.row('', text.solar.detail(number(solar.ahorro_anual_eur), number(solar.amortizacion_anos, 1), number(solar.co2_evitado_kg)));
}

/** The units summary, or why there is none and what the local copy records of the building meanwhile. */
function describeUnits(data: ParcelReportData, column: Column, { text, number }: Words): void {
  if (!data.units && !data.unitsUnavailable) return;
  column.heading(text.sections.units);
  if (data.units) {
    column.row(text.units.count, `${number(data.units.total)} (${sourceName(text, data.units.dataSource)}, ${data.units.dataDate})`);
    column.row(text.units.totalBuilt, `${number(data.units.superficieTotalM2)} m²`);
    for (const use of data.units.byUse.slice(0, 8)) column.row(`  ${use.uso}`, `${number(use.count)} × · ${number(use.superficieM2)} m²`);
    return;
  }
  column.paragraph(data.unitsUnavailable === 'needs_connection' ? text.units.needsConnection : text.units.failed, { muted: true });
  const building = data.copyBuilding;
  if (!building) return;
  const facts: [string, string | undefined][] = [
    [text.units.use, building.uso],
    [text.units.dwellings, building.viviendas === undefined ? undefined : number(building.viviendas)],
    [text.units.buildingUnits, building.unidades === undefined ? undefined : number(building.unidades)],
    [text.units.builtArea, building.superficieConstruida === undefined ? undefined : `${number(building.superficieConstruida)} m²`],
    [text.units.year, building.anioConstruccion === undefined ? undefined : String(building.anioConstruccion)],
  ];
  const known = facts.filter((fact): fact is [string, string] => fact[1] !== undefined);
  if (known.length === 0) return;
  column.paragraph(`${text.units.copyKnows} ${known.map(([label, value]) => `${label}: ${value}`).join(' · ')} (${building.dataDate})`);
}

/**
 * One A4 page: title block, the parcel and its neighbours drawn as vectors at a standard scale
 * with a scale bar and north arrow, every field of the answer with its unit, the outline's
 * coordinates, the units summary (Spain), the analyses already at hand, and the footer with
 * data date, source, mandatory attribution and the link to the official viewer.
 */
export function renderReport(data: ParcelReportData, fontsDir: string): Promise<Buffer> {
  const { parcel } = data;
  const words: Words = { text: REPORT_TEXT[data.language] ?? REPORT_TEXT.en, number: numberText(data.language) };
  const { text } = words;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: true,
    lang: data.language,
    info: {
      Title: text.documentTitle(parcel.refCatastral),
      Author: 'Catastro Desktop',
      Subject: [parcel.direccion, parcel.municipio].filter(Boolean).join(', '),
      Creator: `Catastro Desktop ${data.version}`,
    },
  });
  doc.registerFont(FONT.regular, path.join(fontsDir, FONT_FILES.regular));
  doc.registerFont(FONT.bold, path.join(fontsDir, FONT_FILES.bold));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Title block.
  doc.font(FONT.regular).fontSize(8).fillColor(COLOURS.muted).text(text.heading, MARGIN, MARGIN, { lineBreak: false });
  doc.text(text.generated(data.generatedAt.slice(0, 16).replace('T', ' ')), MARGIN, MARGIN, { width: A4.width - 2 * MARGIN, align: 'right', lineBreak: false });
  doc
    .font(FONT.bold)
    .fontSize(17)
    .fillColor(COLOURS.text)
    .text(parcel.refCatastral, MARGIN, MARGIN + 12, { lineBreak: false });
  const place = [parcel.direccion, [parcel.codigoPostal, parcel.municipio].filter(Boolean).join(' '), parcel.provincia, parcel.pais]
    .filter(Boolean)
    .join(' · ');
  doc
    .font(FONT.regular)
    .fontSize(9.5)
    .fillColor(COLOURS.text)
    .text(place, MARGIN, MARGIN + 34, { width: A4.width - 2 * MARGIN, lineBreak: false, ellipsis: true });

  if (parcel.poligono.length > 2) drawMap(doc, data, words);

  const top = REPORT_MAP.y + REPORT_MAP.height + 8;
  const bottom = A4.height - MARGIN - 44;
  const gap = 18;
  const columnWidth = (A4.width - 2 * MARGIN - gap) / 2;
  const left = new Column(doc, MARGIN, top, columnWidth, bottom);
  // The analyses' labels are longer in most languages ("Movimiento del suelo (EGMS)").
  const right = new Column(doc, MARGIN + columnWidth + gap, top, columnWidth, bottom, 112);

  left.heading(text.sections.parcel);
  for (const [label, value] of parcelRows(data, words)) left.row(label, value);
  describeUnits(data, left, words);

  const vertices = outlineVertices(parcel.poligono);
  right.heading(text.sections.outline(words.number(vertices.length)));
  const shown = vertices.slice(0, 24);
  for (let i = 0; i < shown.length; i += 2) {
    const pair = shown.slice(i, i + 2).map(([lon, lat], j) => `${String(i + j + 1).padStart(2)}  ${lon.toFixed(7)}  ${lat.toFixed(7)}`);
    right.line(pair.join('     '));
  }
  if (vertices.length > shown.length) right.line(text.moreVertices(words.number(vertices.length - shown.length)), { muted: true });

  if (data.terrain || data.groundMotion || data.solar) {
    right.heading(text.sections.hazards);
    describeTerrain(data, right, words);
    describeGroundMotion(data, right, words);
    describeSolar(data, right, words);
  }

  // Footer: date, source, attribution (mandatory), official viewer.
  const footerY = A4.height - MARGIN - 38;
  doc
    .moveTo(MARGIN, footerY - 4)
    .lineTo(A4.width - MARGIN, footerY - 4)
    .lineWidth(0.5)
    .strokeColor(COLOURS.rule)
    .stroke();
  const footer = new Column(doc, MARGIN, footerY, A4.width - 2 * MARGIN, A4.height - MARGIN + 4);
  footer.line(text.footerSource(parcel.dataDate ?? text.sources.notStated, sourceName(text, parcel.dataSource)));
  footer.line(text.footerOwner(parcel.attribution ?? text.ownerFallback(parcel.pais)));
  if (data.viewerUrl) footer.line(text.viewer(data.viewerUrl), { link: data.viewerUrl });
  footer.line(`Catastro Desktop ${data.version}`, { muted: true });

  doc.end();
  return done;
}
