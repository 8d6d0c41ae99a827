const area = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 4 });

export const formatArea = (m2: number | undefined): string | undefined => (m2 === undefined ? undefined : `${area.format(m2)} m²`);
export const formatPercent = (value: number | undefined): string | undefined => (value === undefined ? undefined : `${percent.format(value)} %`);

const SOURCE_NAMES: Record<string, string> = {
  clone: 'Local copy of the national cadastre',
  local_clone: 'Local copy of the national cadastre',
  catastro: 'Live from the Catastro (OVC)',
};
export const describeSource = (source: string | undefined): string | undefined => (source ? SOURCE_NAMES[source] ?? source : undefined);
