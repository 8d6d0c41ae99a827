// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Parcel } from '../../../../core/model/index.js';
import { ParcelDetails } from '../../../../renderer/parcel/ParcelDetails.js';
import { rusticLine } from '../../../../core/countries/es/address-line.js';
import { installedCountries } from '../../../../core/countries/registry.js';
import { useCountryList } from '../../../../renderer/state/countries.js';
import { projections } from '../../../../renderer/geo/projections.js';

afterEach(cleanup);
// The countries and their capabilities as the service's status gives them to the app.
beforeAll(async () => {
  useCountryList.setState({ countries: installedCountries().infos() });
  await projections.load(); // the UTM line and viewer links come with proj4, after the first view
});

/** The sample parcel as GET /api/catastro/40146A00405051 answers it (bundled municipality 40146). */
const sampleParcel: Parcel = {
  refCatastral: '40146A00405051',
  municipio: 'MELQUE DE CERCOS',
  provincia: 'Segovia',
  clase: 'Rústico',
  pais: 'ES',
  latitud: 41.06001846893712,
  longitud: -4.470268457843249,
  mapsUrl: 'https://www.google.com/maps?q=41.0600185,-4.4702685',
  superficieParcela: 1086,
  poligono: [
    [-4.470791688936916, 41.05991767726879],
    [-4.470790076912319, 41.06001624243701],
    [-4.469803609064788, 41.060132780110635],
    [-4.470791688936916, 41.05991767726879],
  ],
  dataSource: 'clone',
  dataDate: '2008-10-31',
  attribution: 'Dirección General del Catastro',
  availableFields: {
    uso: false,
    clase: true,
    anioConstruccion: false,
    superficieConstruida: false,
    coefParticipacion: false,
    direccion: false,
    busquedaDireccion: true,
  },
};

const fact = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('ParcelDetails', () => {
  it('shows reference, municipality, class, area, source, date and the mandatory attribution', () => {
    render(<ParcelDetails parcel={sampleParcel} />);
    expect(screen.getByTestId('parcel-ref').textContent).toBe('40146A00405051');
    expect(fact('Municipality')).toBe('MELQUE DE CERCOS, Segovia');
    expect(fact('Class')).toBe('Rústico');
    expect(fact('Parcel area')).toBe('1,086 m² (0.1086 ha)');
    // A rustic reference: 40146 A 004 05051.
    expect(fact('Polígono / parcela')).toBe('polígono 4, parcela 5051');
    expect(fact('Source')).toBe('Local copy of the national cadastre');
    expect(fact('Data date')).toBe('Oct 31, 2008');
    expect(screen.getByTestId('attribution').textContent).toContain('Dirección General del Catastro');
    expect(screen.getByRole('button', { name: 'Copy reference' })).toBeTruthy();
  });

  // Issue #40 item 5: a French parcel showed "Municipality: 91", the département.
  it('a French parcel names its commune with the INSEE code its IDU begins with, and the département apart', () => {
    const french = { refCatastral: '91216000AB0037', pais: 'FR', provincia: '91', dataSource: 'clone', attribution: 'DGFiP' } as const;
    render(<ParcelDetails parcel={{ ...sampleParcel, ...french, municipio: undefined, clase: undefined }} />);
    expect(fact('Commune')).toBe('91216');
    expect(fact('Département')).toBe('91');
    expect(screen.queryByText('Municipality')).toBeNull();
    cleanup();
    // A live answer (API Carto's nom_com, recorded for 29158000AW0001) names it too.
    render(<ParcelDetails parcel={{ ...sampleParcel, ...french, refCatastral: '29158000AW0001', municipio: 'Penmarch', provincia: '29' }} />);
    expect(fact('Commune')).toBe('Penmarch (29158)');
    expect(fact('Département')).toBe('29');
  });

  it('leaves out the fields the country does not supply instead of showing blanks', () => {
    render(<ParcelDetails parcel={sampleParcel} />);
    expect(screen.queryByText('Use')).toBeNull();
    expect(screen.queryByText('Year built')).toBeNull();
    expect(screen.queryByText('Built area')).toBeNull();
  });

  it('shows a unit with its use, share, staircase, floor and door', () => {
    const unit: Parcel = {
      ...sampleParcel,
      refCatastral: '9398516VK3799G0001WX',
      direccion: 'CL ALCALA 1',
      uso: 'Residencial',
      superficieConstruida: 92,
      participacion: 5.55,
      escalera: '',
      planta: '02',
      puerta: 'B',
      anioConstruccion: 1960,
      dataSource: 'catastro',
    };
    render(<ParcelDetails parcel={unit} heading="Unit" />);
    const section = screen.getByRole('region', { name: 'Unit 9398516VK3799G0001WX' });
    expect(within(section).getByTestId('unit-ref').textContent).toBe('9398516VK3799G0001WX');
    expect(fact('Use')).toBe('Residencial');
    expect(fact('Share')).toBe('5.55%');
    expect(fact('Staircase / floor / door')).toBe('– / 02 / B');
    expect(fact('Source')).toBe('Asked live of Dirección General del Catastro');
  });

  it('gives the centroid in UTM ETRS89 with its zone, copy buttons outside the heading, and the official viewer', () => {
    render(<ParcelDetails parcel={sampleParcel} />);
    // -4.4703 E lies in zone 30. GDAL (gdaltransform -s_srs OGC:CRS84 -t_srs EPSG:25830) gives 376458.52 4546461.01.
    expect(screen.getByTestId('centroid-utm').textContent).toMatch(/^zone 30N: 376,459 E, 4,546,461 N/);
    expect(screen.getByRole('heading', { level: 2 }).querySelector('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy latitude, longitude' })).toBeTruthy();
    expect(screen.getByTestId('official-viewer').getAttribute('href')).toBe('https://www1.sedecatastro.gob.es/Cartografia/mapa.aspx?refcat=40146A00405051');
  });

  it("marks the year 1900 as the Catastro's mark for an unknown year", () => {
    render(<ParcelDetails parcel={{ ...sampleParcel, refCatastral: '000700100UL74F', clase: 'Urbano', anioConstruccion: 1900 }} />);
    expect(screen.getByTestId('unknown-year-note').textContent).toContain('1900 where the year of construction is unknown');
    expect(screen.queryByText('Polígono / parcela')).toBeNull();
  });

  it("shows polígono and parcela by the capability of the parcel's country, not by the shape of its reference", () => {
    // Navarre's cadastre (foral) has no rustic parcels by polígono and parcela of the Catastro's kind.
    render(<ParcelDetails parcel={{ ...sampleParcel, pais: 'NA' }} />);
    expect(screen.queryByText('Polígono / parcela')).toBeNull();
    cleanup();
    useCountryList.setState({ countries: [] });
    render(<ParcelDetails parcel={sampleParcel} />);
    expect(screen.queryByText('Polígono / parcela')).toBeNull();
    useCountryList.setState({ countries: installedCountries().infos() });
  });

  it("a rustic parcel's place name (paraje), where the source gives one: the live answer's lorus read back from its address line", () => {
    // The OVC's rustic location as SOURCES.md documents it (cpp/cpo polígono, cpp/cpa parcela, npa paraje).
    const direccion = rusticLine({ cpp: { cpo: '004', cpa: '05051' }, npa: 'LAS ERAS' });
    expect(direccion).toBe('Polígono 4 Parcela 5051 LAS ERAS');
    render(<ParcelDetails parcel={{ ...sampleParcel, direccion, dataSource: 'catastro' }} />);
    expect(fact('Place name (paraje)')).toBe('LAS ERAS');
    cleanup();
    // The INSPIRE download has no paraje: no row rather than a blank one.
    render(<ParcelDetails parcel={sampleParcel} />);
    expect(screen.queryByText('Place name (paraje)')).toBeNull();
    cleanup();
    render(<ParcelDetails parcel={{ ...sampleParcel, direccion: rusticLine({ cpp: { cpo: '004', cpa: '05051' } }) }} />);
    expect(screen.queryByText('Place name (paraje)')).toBeNull();
  });
});

describe('where and when the answer came from', () => {
  /** The Madrid finca as GET /api/catastro/9398516VK3799G answers when it was read live (the fake Catastro's recording). */
  const liveParcel: Parcel = {
    ...sampleParcel,
    refCatastral: '9398516VK3799G',
    municipio: 'MADRID',
    provincia: 'MADRID',
    clase: 'Urbano',
    dataSource: 'catastro',
    dataDate: new Date().toISOString().slice(0, 10),
  };
  const fact = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

  it('a live answer names the source asked and the time it was asked, not the local copy with a data date of today', () => {
    const before = Date.now();
    render(<ParcelDetails parcel={liveParcel} />);
    expect(fact('Source')).toBe('Asked live of Dirección General del Catastro');
    expect(screen.queryByText(/Local copy/)).toBeNull();
    expect(screen.queryByText('Data date')).toBeNull();
    // A date and a time of day (h:mm), as this language writes them.
    const asked = fact('Asked')!;
    expect(asked).toMatch(/\d{1,2}:\d{2}/);
    // The minute it was shown in (either side of a minute's turn while rendering).
    const minute = (at: number) => new Intl.DateTimeFormat('en', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(at));
    expect([minute(before), minute(Date.now())]).toContain(asked);
  });

  it("a copy's answer keeps the copy as its source and the parcels' own data date", () => {
    render(<ParcelDetails parcel={sampleParcel} />);
    expect(fact('Source')).toBe('Local copy of the national cadastre');
    expect(fact('Data date')).toBe('Oct 31, 2008');
    expect(screen.queryByText('Asked')).toBeNull();
  });
});
