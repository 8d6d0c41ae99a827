import path from 'node:path';
import PDFDocument from 'pdfkit';
import { PARCEL_FIELDS } from '../export/feature-table.js';
import { polygonsOf } from '../geo/polygon.js';
import type { LonLat, Parcel, ParcelGeometry, ParcelReportData } from '../model/index.js';
import { mapFrame, scaleBarMetres, type MapFrame } from './map-frame.js';
import { A4, MARGIN, REPORT_MAP } from './report-layout.js';

/** Label and unit of every parcel field the report prints, in PARCEL_FIELDS order. */
const FIELD_LABELS: Record<string, [label: string, unit?: string]> = {
  refCatastral: ['Cadastral reference'], pais: ['Country'], direccion: ['Address'], codigoPostal: ['Postcode'],
  municipio: ['Municipality'], provincia: ['Province'], latitud: ['Latitude (centroid)', '° WGS84'], longitud: ['Longitude (centroid)', '° WGS84'],
  uso: ['Use'], clase: ['Class'], superficieParcela: ['Parcel area', 'm²'], superficieConstruida: ['Built area', 'm²'],
  anioConstruccion: ['Year built'], coefParticipacion: ['Ownership share of the finca'], participacion: ['Share', '%'],
  escalera: ['Staircase'], planta: ['Floor'], puerta: ['Door'], dataSource: ['Data source'], dataDate: ['Data date'],
  attribution: ['Data owner'], mapsUrl: ['Map link'],
};

const SOURCE_NAMES: Record<string, string> = {
  clone: 'local copy of the national cadastre', local_clone: 'local copy of the national cadastre', catastro: 'read live from the national cadastre',
};

/**
 * The bundled DejaVu Sans Condensed (resources/fonts, see its README), not the PDF standard Helvetica:
 * Helvetica encodes WinAnsi only, and Czech, Polish, Baltic, Greek or Bulgarian names would
 * print as wrong glyphs. pdfkit embeds the subset a report uses.
 */
const FONT = { regular: 'report-regular', bold: 'report-bold' } as const;
const FONT_FILES = { regular: 'DejaVuSansCondensed.ttf', bold: 'DejaVuSansCondensed-Bold.ttf' } as const;

const COLOURS = { text: '#1a1a1a', muted: '#666666', rule: '#bbbbbb', neighbour: '#8a8a8a', parcelFill: '#f4a259', parcelStroke: '#b23a1e', frame: '#333333' };

const number = (value: number, digits = 0) => value.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function formatField(parcel: Parcel, name: string): string | undefined {
  const value = parcel[name as keyof Parcel];
  if (value === undefined || value === null || value === '') return undefined;
  if (name === 'latitud' || name === 'longitud') return (value as number).toFixed(7);
  if (name === 'dataSource') return `${value} (${SOURCE_NAMES[value as string] ?? value})`;
  if (typeof value === 'number') return name === 'anioConstruccion' ? String(value) : number(value, Number.isInteger(value) ? 0 : 2);
  return String(value);
}

/** Text lines of one column, stopping (with a note) at the bottom instead of spilling onto a second page. */
class Column {
  constructor(private readonly doc: PDFKit.PDFDocument, private readonly x: number, private y: number, private readonly width: number, private readonly bottom: number) {}

  private room(height: number): boolean { return this.y + height <= this.bottom; }

  heading(text: string): void {
    if (!this.room(20)) return;
    this.y += 4;
    this.doc.font(FONT.bold).fontSize(9).fillColor(COLOURS.text).text(text, this.x, this.y, { width: this.width, lineBreak: false });
    this.y += 12;
    this.doc.moveTo(this.x, this.y - 1).lineTo(this.x + this.width, this.y - 1).lineWidth(0.5).strokeColor(COLOURS.rule).stroke();
    this.y += 2;
  }

  row(label: string, value: string, labelWidth = 92): boolean {
    if (!this.room(10)) return false;
    // Long values (links) in a smaller size rather than cut: every field is printed whole.
    const size = value.length > 42 ? 6.2 : 7.5;
    this.doc.font(FONT.regular).fontSize(7).fillColor(COLOURS.muted).text(label, this.x, this.y + 0.5, { width: labelWidth - 4, height: 9, lineBreak: false, ellipsis: true });
    this.doc.font(FONT.regular).fontSize(size).fillColor(COLOURS.text).text(value, this.x + labelWidth, this.y, { width: this.width - labelWidth, height: 9, lineBreak: false, ellipsis: true });
    this.y += 10;
    return true;
  }

  line(text: string, options: { muted?: boolean; link?: string } = {}): boolean {
    if (!this.room(10)) return false;
    this.doc.font(FONT.regular).fontSize(7).fillColor(options.link ? '#1a4fa0' : options.muted ? COLOURS.muted : COLOURS.text)
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

function drawMap(doc: PDFKit.PDFDocument, data: ParcelReportData): MapFrame {
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
  doc.font(FONT.bold).fontSize(8).fillColor(COLOURS.parcelStroke)
    .text(parcel.refCatastral, x + px - 60, y + py - 4, { width: 120, align: 'center', lineBreak: false });
  doc.restore();
  doc.rect(x, y, width, height).lineWidth(0.8).strokeColor(COLOURS.frame).stroke();

  // Scale bar: two halves, black and white, with its length and the map scale.
  const barMetres = scaleBarMetres(frame.pointsPerMetre, width / 4);
  const barPoints = barMetres * frame.pointsPerMetre;
  const [bx, by] = [x + 12, y + height - 22];
  doc.rect(bx - 4, by - 10, barPoints + 70, 28).fillOpacity(0.85).fill('#ffffff').fillOpacity(1);
  doc.rect(bx, by, barPoints / 2, 4).fill(COLOURS.frame);
  doc.rect(bx + barPoints / 2, by, barPoints / 2, 4).lineWidth(0.6).fillAndStroke('#ffffff', COLOURS.frame);
  doc.font(FONT.regular).fontSize(6.5).fillColor(COLOURS.text);
  doc.text('0', bx - 2, by - 8, { lineBreak: false });
  doc.text(`${number(barMetres)} m`, bx + barPoints - 6, by - 8, { lineBreak: false });
  doc.text(`Scale 1:${number(frame.scale)} (A4)`, bx, by + 7, { lineBreak: false });

  // North arrow: the frame is north-up.
  const [ax, ay] = [x + width - 22, y + 14];
  doc.polygon([ax, ay], [ax - 6, ay + 18], [ax, ay + 13]).fill(COLOURS.frame);
  doc.polygon([ax, ay], [ax + 6, ay + 18], [ax, ay + 13]).lineWidth(0.6).fillAndStroke('#ffffff', COLOURS.frame);
  doc.font(FONT.bold).fontSize(8).fillColor(COLOURS.text).text('N', ax - 3, ay + 20, { lineBreak: false });
  if (data.neighboursNote) {
    doc.font(FONT.regular).fontSize(6.5).fillColor(COLOURS.muted)
      .text(data.neighboursNote, x + 8, y + 8, { width: width - 60, height: 18, ellipsis: true });
  }
  return frame;
}

function describeTerrain(data: ParcelReportData, column: Column): void {
  const areas = data.terrain?.protected_areas;
  if (!areas) return;
  column.row('Protected areas', areas.status === 'no_data' ? 'no layer imported' : areas.intersects
    ? `${areas.inside ? 'inside' : 'overlaps'}; up to ${number(areas.max_overlap_pct, 1)} % of the parcel` : 'none overlapping');
  for (const site of [...areas.natura2000, ...areas.national].slice(0, 3)) {
    column.line(`  ${site.code} ${site.name}: ${number(site.overlap_pct, 1)} %`);
  }
}

function describeGroundMotion(data: ParcelReportData, column: Column): void {
  const result = data.groundMotion;
  if (!result) return;
  if (result.status !== 'ok' || !result.ground_motion) {
    column.row('Ground motion (EGMS)', 'no data (no reflector here, or no tile imported)');
    return;
  }
  const motion = result.ground_motion;
  column.row('Ground motion (EGMS)', `${motion.class}; vertical ${number(motion.vertical.mean_mm_year, 1)} mm/year (${result.period?.label ?? ''})`);
  column.row('', `worst ${motion.worst_class}; max subsidence ${number(motion.vertical.max_subsidence_mm_year, 1)} mm/year; ${number(motion.coverage_pct, 0)} % covered`);
}

function describeSolar(data: ParcelReportData, column: Column): void {
  const solar = data.solar;
  if (!solar) return;
  if (!solar.disponible) {
    column.row('Solar (PVGIS)', 'no data at this point');
    return;
  }
  column.row('Solar (PVGIS)', `${number(solar.kwh_year)} kWh/year from ${number(solar.kw_instalables, 1)} kWp; irradiation ${number(solar.irradiacion_media)} kWh/m²/year`);
  column.row('', `saving ${number(solar.ahorro_anual_eur)} €/year; payback ${number(solar.amortizacion_anos, 1)} years; ${number(solar.co2_evitado_kg)} kg CO₂/year avoided`.replace('CO₂', 'CO2'));
}

/**
 * One A4 page: title block, the parcel and its neighbours drawn as vectors at a standard scale
 * with a scale bar and north arrow, every field of the answer with its unit, the outline's
 * coordinates, the units summary (Spain), the analyses already at hand, and the footer with
 * data date, source, mandatory attribution and the link to the official viewer.
 */
export function renderReport(data: ParcelReportData, fontsDir: string): Promise<Buffer> {
  const { parcel } = data;
  const doc = new PDFDocument({
    size: 'A4', margin: MARGIN, autoFirstPage: true,
    info: { Title: `Parcel report ${parcel.refCatastral}`, Author: 'Catastro Desktop', Subject: [parcel.direccion, parcel.municipio].filter(Boolean).join(', '), Creator: `Catastro Desktop ${data.version}` },
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
  doc.font(FONT.regular).fontSize(8).fillColor(COLOURS.muted).text('CADASTRAL PARCEL REPORT', MARGIN, MARGIN, { lineBreak: false });
  doc.text(`Generated ${data.generatedAt.slice(0, 16).replace('T', ' ')} UTC`, MARGIN, MARGIN, { width: A4.width - 2 * MARGIN, align: 'right', lineBreak: false });
  doc.font(FONT.bold).fontSize(17).fillColor(COLOURS.text).text(parcel.refCatastral, MARGIN, MARGIN + 12, { lineBreak: false });
  const place = [parcel.direccion, [parcel.codigoPostal, parcel.municipio].filter(Boolean).join(' '), parcel.provincia, parcel.pais].filter(Boolean).join(' · ');
  doc.font(FONT.regular).fontSize(9.5).fillColor(COLOURS.text).text(place, MARGIN, MARGIN + 34, { width: A4.width - 2 * MARGIN, lineBreak: false, ellipsis: true });

  if (parcel.poligono.length > 2) drawMap(doc, data);

  const top = REPORT_MAP.y + REPORT_MAP.height + 8;
  const bottom = A4.height - MARGIN - 44;
  const gap = 18;
  const columnWidth = (A4.width - 2 * MARGIN - gap) / 2;
  const left = new Column(doc, MARGIN, top, columnWidth, bottom);
  const right = new Column(doc, MARGIN + columnWidth + gap, top, columnWidth, bottom);

  left.heading('Parcel');
  for (const field of PARCEL_FIELDS) {
    const value = formatField(parcel, field.name);
    if (value === undefined) continue;
    const [label, unit] = FIELD_LABELS[field.name] ?? [field.name];
    left.row(label, unit ? `${value} ${unit}` : value);
  }

  if (data.units || data.unitsNote) {
    left.heading('Units of the finca');
    if (data.units) {
      left.row('Units', `${data.units.total} (${data.units.dataSource}, ${data.units.dataDate})`);
      left.row('Total built area', `${number(data.units.superficieTotalM2)} m²`);
      for (const use of data.units.byUse.slice(0, 8)) left.row(`  ${use.uso}`, `${use.count} × · ${number(use.superficieM2)} m²`);
    } else {
      left.line(data.unitsNote!, { muted: true });
    }
  }

  right.heading(`Outline: ${parcel.poligono.length} vertices (WGS84, lon / lat)`);
  const vertices = parcel.poligono.slice(0, -1).length > 0 && parcel.poligono[0][0] === parcel.poligono.at(-1)![0] ? parcel.poligono.slice(0, -1) : parcel.poligono;
  const shown = vertices.slice(0, 24);
  for (let i = 0; i < shown.length; i += 2) {
    const pair = shown.slice(i, i + 2).map(([lon, lat], j) => `${String(i + j + 1).padStart(2)}  ${lon.toFixed(7)}  ${lat.toFixed(7)}`);
    right.line(pair.join('     '));
  }
  if (vertices.length > shown.length) right.line(`… ${vertices.length - shown.length} more vertices: export GeoJSON or GeoPackage for the full outline.`, { muted: true });

  if (data.terrain || data.groundMotion || data.solar) {
    right.heading('Hazards and analyses (already computed)');
    describeTerrain(data, right);
    describeGroundMotion(data, right);
    describeSolar(data, right);
  }

  // Footer: date, source, attribution (mandatory), official viewer.
  const footerY = A4.height - MARGIN - 38;
  doc.moveTo(MARGIN, footerY - 4).lineTo(A4.width - MARGIN, footerY - 4).lineWidth(0.5).strokeColor(COLOURS.rule).stroke();
  const footer = new Column(doc, MARGIN, footerY, A4.width - 2 * MARGIN, A4.height - MARGIN + 4);
  footer.line(`Data date ${parcel.dataDate ?? 'not stated'} · Source: ${SOURCE_NAMES[parcel.dataSource ?? ''] ?? parcel.dataSource ?? 'not stated'}`);
  footer.line(`© ${parcel.attribution ?? 'the national cadastre of ' + parcel.pais}. Data shown as published by its owner; this report is not a certified cadastral document.`);
  if (data.viewerUrl) footer.line(`Official viewer: ${data.viewerUrl}`, { link: data.viewerUrl });
  footer.line(`Catastro Desktop ${data.version}`, { muted: true });

  doc.end();
  return done;
}
