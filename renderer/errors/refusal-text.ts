import { i18next } from '../i18n/i18n.js';

/**
 * A foral territory (core/model/errors.ts ForalSource) by its name in the user's language
 * (`errors:foralTerritory.<province>`: Navarra, Navarre, Nawarra…), the service's name otherwise.
 */
function foralName({ province, name }: Record<string, unknown>): string {
  return i18next.t(`errors:foralTerritory.${String(province)}`, { defaultValue: String(name) });
}

const isForalSource = (item: Record<string, unknown>) => typeof item.source === 'string' && typeof item.province === 'string';

/** One candidate or source a refusal names (core/model/errors.ts NamedPlace, ForalSource), as the user reads it. */
function describe(item: unknown): string {
  if (typeof item !== 'object' || item === null) return String(item);
  const place = item as Record<string, unknown>;
  const { code, name, departement, source } = place;
  if (isForalSource(place)) return `${foralName(place)}: ${String(source)}`;
  if (typeof departement === 'string') return `${String(code)} (${String(name)}, ${departement})`;
  return [code, name].filter((part) => typeof part === 'string').join(' ');
}

/**
 * The interpolation values of a refusal's sentence from its `data`: lists stay lists (the
 * translation formats them in its language, `{{candidates, list}}`), with "and N more" as their
 * last item when `total` counts more candidates than are listed.
 */
function valuesOf(data: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (key === 'reason') continue;
    values[key] = Array.isArray(value) ? value.map(describe) : value;
  }
  if (isForalSource(data)) values.name = foralName(data);
  const { candidates, total } = data;
  if (Array.isArray(candidates) && typeof total === 'number' && total > candidates.length) {
    values.candidates = [...(values.candidates as string[]), i18next.t('errors:andMore', { count: total - candidates.length })];
  }
  return values;
}

/**
 * A refusal the service names by reason (`data.reason`, core/model/errors.ts RefusalReason) in the
 * user's language, its values interpolated: `errors:reason.<REASON>.message` and `.advice` (the
 * `_none` form when it names candidates and has none). Undefined when the app has no words for it.
 */
export function refusalText(data: Record<string, unknown> | undefined): { message: string; advice: string } | undefined {
  const reason = data?.reason;
  const key = typeof reason === 'string' ? `errors:reason.${reason}` : undefined;
  if (!data || !key || !i18next.exists(`${key}.message`)) return undefined;
  const values = { ...valuesOf(data), ...(Array.isArray(data.candidates) && data.candidates.length === 0 && { context: 'none' }) };
  return { message: i18next.t(`${key}.message`, values), advice: i18next.t(`${key}.advice`, values) };
}
