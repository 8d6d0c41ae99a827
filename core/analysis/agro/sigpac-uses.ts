/**
 * SIGPAC land-use codes (`uso_sigpac`) → land use (`uso_suelo`) and main crop (`cultivo_principal`).
 * Labels are the official code list's (FEGA `codigossigpac/cod_uso_sigpac`, as public SIGPAC
 * tools reproduce it); the crop is the cultivated product the use implies, `sin cultivo` for
 * uses that grow none (roads, buildings, water, forest…).
 */
export const SIGPAC_USES: Readonly<Record<string, { uso: string; cultivo: string }>> = {
  AG: { uso: 'Corrientes y superficies de agua', cultivo: 'sin cultivo' },
  CA: { uso: 'Viales', cultivo: 'sin cultivo' },
  CF: { uso: 'Asociación cítricos-frutales', cultivo: 'cítricos y frutales' },
  CI: { uso: 'Cítricos', cultivo: 'cítricos' },
  CO: { uso: 'Contorno olivar', cultivo: 'olivar' },
  CS: { uso: 'Asociación cítricos-frutales de cáscara', cultivo: 'cítricos y frutos secos' },
  CV: { uso: 'Asociación cítricos-viñedo', cultivo: 'cítricos y viñedo' },
  ED: { uso: 'Edificaciones', cultivo: 'sin cultivo' },
  EP: { uso: 'Elemento del paisaje', cultivo: 'sin cultivo' },
  FF: { uso: 'Asociación frutales-frutales de cáscara', cultivo: 'frutales y frutos secos' },
  FL: { uso: 'Frutos secos y olivar', cultivo: 'frutos secos y olivar' },
  FO: { uso: 'Forestal', cultivo: 'sin cultivo' },
  FS: { uso: 'Frutos secos', cultivo: 'frutos secos' },
  FV: { uso: 'Frutos secos y viñedo', cultivo: 'frutos secos y viñedo' },
  FY: { uso: 'Frutales', cultivo: 'frutales' },
  IM: { uso: 'Improductivos', cultivo: 'sin cultivo' },
  IS: { uso: 'Islas', cultivo: 'sin cultivo' },
  IV: { uso: 'Invernaderos y cultivos bajo plástico', cultivo: 'cultivos bajo plástico' },
  MT: { uso: 'Matorral', cultivo: 'sin cultivo' },
  OC: { uso: 'Asociación olivar-cítricos', cultivo: 'olivar y cítricos' },
  OF: { uso: 'Olivar-frutal', cultivo: 'olivar y frutales' },
  OP: { uso: 'Otros cultivos permanentes', cultivo: 'cultivos permanentes' },
  OV: { uso: 'Olivar', cultivo: 'olivar' },
  PA: { uso: 'Pasto con arbolado', cultivo: 'pastos' },
  PR: { uso: 'Pasto arbustivo', cultivo: 'pastos' },
  PS: { uso: 'Pastizal', cultivo: 'pastos' },
  TA: { uso: 'Tierras arables', cultivo: 'tierra arable' },
  TH: { uso: 'Huerta', cultivo: 'hortalizas' },
  VF: { uso: 'Viñedo-frutal', cultivo: 'viñedo y frutales' },
  VI: { uso: 'Viñedo', cultivo: 'viñedo' },
  VO: { uso: 'Viñedo-olivar', cultivo: 'viñedo y olivar' },
  ZC: { uso: 'Zona concentrada no incluida en la ortofoto', cultivo: 'sin cultivo' },
  ZU: { uso: 'Zona urbana', cultivo: 'urbano' },
  ZV: { uso: 'Zona censurada', cultivo: 'sin cultivo' },
};

/** Labels of a use code; an unknown code is shown as itself rather than guessed. */
export function sigpacUse(code: string): { uso: string; cultivo: string } {
  return SIGPAC_USES[code.toUpperCase()] ?? { uso: code, cultivo: code };
}
