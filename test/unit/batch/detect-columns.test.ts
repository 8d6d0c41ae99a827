import { describe, expect, it } from 'vitest';
import { detectColumns } from '../../../core/batch/detect-columns.js';
import { summariseCsvText } from '../../../core/batch/read-csv.js';
import type { BatchColumns } from '../../../core/model/batch.js';

/** The columns detected in a CSV as a user's spreadsheet saves it (header and rows read by the batch's own reader). */
const detected = async (csv: string) => {
  const table = await summariseCsvText(csv, Number.POSITIVE_INFINITY);
  return detectColumns(table.header, {}, table.rows);
};

type DetectionCase = readonly [csv: string, columns: BatchColumns];

/** Each CSV of the table is detected as the columns beside it (the CSV names a failing case). */
const expectDetected = async (cases: readonly DetectionCase[]) => {
  for (const [csv, columns] of cases) expect(await detected(csv), csv).toEqual(columns);
};

/** Farm spreadsheets naming the province and municipality in words, or the municipality by its INE code. */
const PROVINCE_AND_MUNICIPALITY_NAMED: readonly DetectionCase[] = [
  [
    'Nombre provincia;Nombre municipio;Polígono;Parcela\nSegovia;Melque de Cercos;5;23\n',
    { provincia: 'Nombre provincia', municipio: 'Nombre municipio', poligono: 'Polígono', parcela: 'Parcela' },
  ],
  ['Provincia,Código INE,Polígono,Parcela\n40,40125,5,23\n', { provincia: 'Provincia', municipio: 'Código INE', poligono: 'Polígono', parcela: 'Parcela' }],
];

describe('batch column detection', () => {
  it("recognises a valuation office's long Spanish headings: degrees named in the heading, the property's country", async () => {
    const csv =
      'Nº;Referencia catastral;Latitud (grados decimales);Longitud (grados decimales);País del inmueble;Observaciones del tasador\n1;9398516VK3799G;40,4168;-3,7038;ES;visita 12/11\n';
    expect(await detected(csv)).toEqual({
      reference: 'Referencia catastral',
      latitude: 'Latitud (grados decimales)',
      longitude: 'Longitud (grados decimales)',
      country: 'País del inmueble',
    });
  });

  it('recognises Spanish short forms and datum-qualified coordinates', async () => {
    await expectDetected([
      [
        'Nº Ref. Catastral,Lat WGS84,Lon WGS84,Código país\n9398516VK3799G,40.4168,-3.7038,ES\n',
        { reference: 'Nº Ref. Catastral', latitude: 'Lat WGS84', longitude: 'Lon WGS84', country: 'Código país' },
      ],
      ['RC;Latitud_ETRS89;Longitud_ETRS89\n9398516VK3799G;40,4168;-3,7038\n', { reference: 'RC', latitude: 'Latitud_ETRS89', longitude: 'Longitud_ETRS89' }],
      [
        'Referència cadastral;Latitude (°);Longitude (°)\n9398516VK3799G;41,38;2,17\n',
        { reference: 'Referència cadastral', latitude: 'Latitude (°)', longitude: 'Longitude (°)' },
      ],
    ]);
  });

  it("recognises the other languages' headings for the reference, the coordinates and the country", async () => {
    await expectDetected([
      [
        'Référence cadastrale;Latitude;Longitude;Pays\n75056000AB0012;48,85;2,35;FR\n',
        { reference: 'Référence cadastrale', latitude: 'Latitude', longitude: 'Longitude', country: 'Pays' },
      ],
      [
        'Riferimento catastale;Latitudine;Longitudine;Nazione\nH501_A_123_45;41,9;12,5;IT\n',
        { reference: 'Riferimento catastale', latitude: 'Latitudine', longitude: 'Longitudine', country: 'Nazione' },
      ],
      [
        'Flurstückskennzeichen;Breitengrad;Längengrad\n05123400100012______;51,2;6,8\n',
        { reference: 'Flurstückskennzeichen', latitude: 'Breitengrad', longitude: 'Längengrad' },
      ],
      [
        'Kadastrale aanduiding;Breedtegraad;Lengtegraad;Land\nASD04 F 1234;52,37;4,9;NL\n',
        { reference: 'Kadastrale aanduiding', latitude: 'Breedtegraad', longitude: 'Lengtegraad' },
      ],
      [
        'Identyfikator działki;Szerokość geograficzna;Długość geograficzna;Kraj\n146501_8.0101.123;52,23;21,01;PL\n',
        { reference: 'Identyfikator działki', latitude: 'Szerokość geograficzna', longitude: 'Długość geograficzna', country: 'Kraj' },
      ],
    ]);
  });

  it('takes "Parcela" for the reference alone, but not beside "Polígono", where it numbers the parcel within its polígono', async () => {
    await expectDetected([
      ['Parcela;Latitud;Longitud\n9398516VK3799G;40,4168;-3,7038\n', { reference: 'Parcela', latitude: 'Latitud', longitude: 'Longitud' }],
      [
        'Provincia;Municipio;Polígono;Parcela;Latitud;Longitud\n40;146;5;23;41,03;-4,17\n',
        { latitude: 'Latitud', longitude: 'Longitud', provincia: 'Provincia', municipio: 'Municipio', poligono: 'Polígono', parcela: 'Parcela' },
      ],
      ...PROVINCE_AND_MUNICIPALITY_NAMED,
    ]);
    await expect(detected('Polígono;Parcela;Cultivo\n5;23;cereal\n')).rejects.toThrow(
      /No reference column and no latitude\/longitude columns found among: Polígono, Parcela, Cultivo/,
    );
    expect(await detected('Polygon;Parcel;Reference\n5;23;9398516VK3799G\n')).toEqual({ reference: 'Reference' });
  });

  it("takes a farm spreadsheet's province, municipality, polígono and parcela columns together, as a rustic parcel", async () => {
    await expectDetected([
      [
        'Provincia;Municipio;Polígono;Parcela;Cultivo\n40;146;5;23;cereal\n',
        { provincia: 'Provincia', municipio: 'Municipio', poligono: 'Polígono', parcela: 'Parcela' },
      ],
      [
        'Cód. Provincia,Código municipio,Nº Polígono,Nº Parcela,Referencia\n40,146,5,23,\n',
        { reference: 'Referencia', provincia: 'Cód. Provincia', municipio: 'Código municipio', poligono: 'Nº Polígono', parcela: 'Nº Parcela' },
      ],
      ...PROVINCE_AND_MUNICIPALITY_NAMED,
    ]);
    // Without the province and municipality the two numbers name no parcel: the user is told what is missing.
    await expect(detected('Polígono;Parcela;Cultivo\n5;23;cereal\n')).rejects.toThrow(/add those two columns \(provincia, municipio\)/);
    await expect(detected('Municipio;Polígono;Parcela\n146;5;23\n')).rejects.toThrow(/Polígono and parcela \(Polígono, Parcela\)/);
  });

  it('takes X and Y as longitude and latitude when they hold degrees, not when they hold UTM metres', async () => {
    expect(await detected('X;Y;nota\n-3,7038;40,4168;a\n-3,7040;40,4170;b\n')).toEqual({ latitude: 'Y', longitude: 'X' });
    // A GIS export in ETRS89 / UTM 30N (EPSG:25830): sent as degrees, every row would fail.
    await expect(detected('X;Y;nota\n440291,2;4474254,8;a\n')).rejects.toThrow(/No reference column and no latitude\/longitude/);
    expect(await detected('Referencia;X;Y\n9398516VK3799G;440291,2;4474254,8\n')).toEqual({ reference: 'Referencia' });
  });

  it("leaves alone columns whose names mean something else: lengths, widths, a parcel's number in its district, a client's reference", async () => {
    for (const header of [
      'Longitud (m);Anchura (m)',
      'Länge;Breite',
      'Lengte;Breedte',
      'Długość;Szerokość',
      'Parcelle;Section',
      'Foglio;Particella',
      'Gemarkung;Flurstück',
      'Polígono;Nota',
      'Referencia cliente;Longitud de la finca',
      'N;E',
    ]) {
      await expect(detected(`${header}\n12;5\n`), header).rejects.toThrow(/No reference column/);
    }
  });
});
