import type { ReportText } from './report-text.js';

export const pt: ReportText = {
  heading: 'RELATÓRIO DE PRÉDIO CADASTRAL',
  documentTitle: (ref) => `Relatório do prédio ${ref}`,
  generated: (when) => `Gerado em ${when} UTC`,
  fields: {
    refCatastral: 'Referência cadastral', pais: 'País', direccion: 'Morada', codigoPostal: 'Código postal', municipio: 'Município',
    provincia: 'Província', poligonoParcela: 'Polígono / parcela', paraje: 'Sítio (paraje)', latitud: 'Latitude (centroide)',
    longitud: 'Longitude (centroide)', uso: 'Uso', clase: 'Classe', superficieParcela: 'Área do prédio', superficieConstruida: 'Área construída',
    anioConstruccion: 'Ano de construção', coefParticipacion: 'Permilagem na finca', participacion: 'Permilagem', escalera: 'Escada',
    planta: 'Piso', puerta: 'Porta', dataSource: 'Origem dos dados', dataDate: 'Data dos dados', attribution: 'Titular dos dados', mapsUrl: 'Ligação ao mapa',
  },
  poligonoParcela: (poligono, parcela) => `polígono ${poligono}, parcela ${parcela}`,
  sources: { clone: 'cópia local do cadastro nacional', local_clone: 'cópia local do cadastro nacional', catastro: 'lido em tempo real do cadastro nacional', notStated: 'não indicada' },
  sections: { parcel: 'Prédio', units: 'Frações da finca', outline: (n) => `Contorno (WGS84, lon / lat), vértices: ${n}`, hazards: 'Riscos e análises (já calculados)' },
  moreVertices: (n) => `… e mais ${n}: exporte GeoJSON ou GeoPackage para o contorno completo.`,
  units: {
    count: 'Frações', totalBuilt: 'Área construída total',
    needsConnection: 'A lista de frações vem do Catastro, que não pôde ser consultado (sem ligação).',
    failed: 'Não foi possível ler a lista de frações do Catastro.',
    copyKnows: 'A cópia local indica:', use: 'Uso', builtArea: 'Área construída', year: 'Ano de construção',
    dwellings: 'Habitações declaradas', buildingUnits: 'Frações declaradas',
  },
  neighboursUnavailable: 'Prédios vizinhos não desenhados: não foi possível consultar o cadastro.',
  protectedAreas: {
    label: 'Áreas protegidas', noLayer: 'nenhuma camada importada', none: 'nenhuma se sobrepõe',
    inside: (pct) => `dentro; até ${pct} % do prédio`, overlaps: (pct) => `sobrepõe-se; até ${pct} % do prédio`,
  },
  groundMotion: {
    label: 'Movimentos do solo (EGMS)',
    noLayerLoaded: 'nenhuma camada de movimentos do solo carregada para esta zona',
    noReflector: 'nenhum refletor de satélite neste prédio (há dados carregados perto)',
    summary: (c, v, period) => `${c}; vertical ${v} mm/ano (${period})`,
    detail: (worst, sub, cov) => `pior ${worst}; subsidência máx. ${sub} mm/ano; ${cov} % coberto`,
    classes: {
      severe_subsidence: 'subsidência forte', moderate_subsidence: 'subsidência moderada', slight_subsidence: 'subsidência ligeira', stable: 'estável',
      slight_uplift: 'levantamento ligeiro', moderate_uplift: 'levantamento moderado', severe_uplift: 'levantamento forte',
    },
  },
  solar: {
    label: 'Solar (PVGIS)', noData: 'sem dados neste ponto',
    summary: (kwh, kwp, irr) => `${kwh} kWh/ano com ${kwp} kWp; irradiação ${irr} kWh/m²/ano`,
    detail: (saving, payback, co2) => `poupança ${saving} €/ano; retorno ${payback} anos; ${co2} kg CO2/ano evitados`,
  },
  scale: (d) => `Escala 1:${d} (A4)`,
  footerSource: (date, source) => `Data dos dados ${date} · Origem: ${source}`,
  footerOwner: (owner) => `© ${owner}. Dados tal como publicados pelo titular; este relatório não é uma certidão cadastral.`,
  ownerFallback: (country) => `o cadastro nacional de ${country}`,
  viewer: (url) => `Visualizador oficial: ${url}`,
};
