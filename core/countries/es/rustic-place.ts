import { requireIneCodeOfProvince } from '../../input.js';
import { notFound, validationError, type OfflineArea, type RusticParcelQuery, type RusticParcelRequest } from '../../model/index.js';
import { INE_MUNICIPIO_CODE } from '../../model/input-schemas.js';
import type { AdapterContext } from '../adapter.js';
import { CallejeroClient, type Municipality, type OvcList, type Province } from './address/callejero.js';
import { byName, spanishOfflineAreas, type Named } from './place-names.js';

/** A province known by its 2-digit code, with its name as the Catastro writes it once that is known. */
interface ProvinceFound {
  code: string;
  name?: string;
}

/** The municipalities of one province and the province's name as the Catastro writes it. */
interface MunicipalitiesOf {
  name: string;
  items: Municipality[];
}

/**
 * One match, or 404 naming what was searched, or 400 listing the places the name fits (and the
 * `parameter` they are for, so a client can ask again with the code of the one meant).
 */
function single<T extends Named>(found: T[], parameter: 'provincia' | 'municipio', what: string, asked: string, where: string): T {
  if (found.length === 1) return found[0];
  if (found.length === 0) throw notFound(`No ${what} named "${asked}" ${where}.`);
  const listed = found.map((c) => `${c.name} (${c.code})`).join(', ');
  throw validationError(`The ${what} "${asked}" ${where} matches ${found.length}: ${listed}. Ask by the full name or the code of the one meant.`, {
    parameter,
    candidates: found.map((c) => ({ name: c.name, code: c.code })),
  });
}

/** A list of the street directory: its items, or 404 with the service's own refusal (e.g. 12 LA PROVINCIA NO EXISTE). */
function itemsOf<T>(answer: OvcList<T>, subject: string): T[] {
  if (answer.items.length === 0 && answer.errors.length > 0) {
    throw notFound(`${subject}: the Catastro answered ${answer.errors.map((e) => `${e.code} ${e.description}`).join('; ')}.`);
  }
  return answer.items;
}

/**
 * Turns a rustic parcel asked by names or INE codes (RusticParcelRequest) into the Catastro's
 * codes the lookup needs. The copy's own offline areas first (a downloaded municipality carries
 * its Catastro code, `40146`, with its name and province's): a name found there needs no network.
 * Else the Catastro street directory (OVCCallejero): ConsultaProvincia for the provinces, and
 * ConsultaMunicipio with an empty name for every municipality of a province with both its INE and
 * its Catastro codes. Names and codes do not change while the app runs, so each list is asked
 * once and kept (a failed request is not kept): a batch of a thousand rows in one municipality,
 * or in twenty of one province, asks the directory once.
 */
export class RusticPlaceResolver {
  private provinceList?: Promise<Province[]>;
  private readonly municipalityLists = new Map<string, Promise<MunicipalitiesOf>>();

  constructor(private readonly callejeroBaseUrl: string) {}

  /**
   * The province stays the INE code (as asked, or found by name), as the lookup takes it. The
   * directory's `locat/cd` is not put in its place: for Vigo it is 54, the delegation, not the
   * province 36 (callejero.ts), and no source seen says whether a reference or
   * Consulta_DNPPP_Codigos then carries 54 or 36. Where they differ the copy's shortcut may miss
   * and the live Consulta_DNPPP_Codigos answers; everywhere else they are the same two digits.
   */
  async resolve(asked: RusticParcelRequest, ctx: AdapterContext): Promise<RusticParcelQuery> {
    const areas = await spanishOfflineAreas(ctx.store.listOfflineAreas?.bind(ctx.store));
    const province = await this.province(asked.provincia, areas, ctx);
    const municipio = await this.municipality(province, asked.municipio, areas, ctx);
    return { provincia: province.code, municipio, poligono: asked.poligono, parcela: asked.parcela };
  }

  private async province(asked: string, areas: OfflineArea[], ctx: AdapterContext): Promise<ProvinceFound> {
    if (/^[0-9]{2}$/.test(asked)) return { code: asked };
    // Whole names only in the copy: a part of a name ("Navas") may fit one downloaded area and several others.
    const offline = byName(
      areas.filter((a) => a.province).map((a) => ({ name: a.province!, code: a.code.slice(0, 2) })),
      asked,
      true,
    );
    if (offline.length === 1) return { code: offline[0].code };
    const provinces = (await this.provinces(ctx)).map((p) => ({ name: p.name, code: p.code }));
    return single(byName(provinces, asked), 'provincia', 'Spanish province', asked, "in the Catastro's list of provinces");
  }

  private async municipality(province: ProvinceFound, asked: string, areas: OfflineArea[], ctx: AdapterContext): Promise<string> {
    if (/^[0-9]{3}$/.test(asked)) return asked;
    if (INE_MUNICIPIO_CODE.test(asked)) return this.municipalityOfIneCode(province, asked, ctx);
    const inProvince = areas.filter((a) => a.name && a.code.startsWith(province.code)).map((a) => ({ name: a.name!, code: a.code.slice(2) }));
    const offline = byName(inProvince, asked, true);
    if (offline.length === 1) return offline[0].code;
    const { name, items } = await this.municipalities(province, ctx);
    const listed = items.filter((m) => m.catastroCode).map((m) => ({ name: m.name, code: m.catastroCode! }));
    return single(byName(listed, asked), 'municipio', 'municipality', asked, `in province ${name} (${province.code})`).code;
  }

  /** The Catastro's code of the municipality whose INE code is `ineCode`, from the province's list; a code of another province is refused before the list is asked. */
  private async municipalityOfIneCode(province: ProvinceFound, ineCode: string, ctx: AdapterContext): Promise<string> {
    requireIneCodeOfProvince(ineCode, province.code);
    const { name, items } = await this.municipalities(province, ctx);
    const found = items.find((m) => m.provinceCode?.padStart(2, '0') === province.code && m.municipalityCode?.padStart(3, '0') === ineCode.slice(2));
    if (!found?.catastroCode) throw notFound(`No municipality has the INE code ${ineCode} in the Catastro's list of the municipalities of ${name}.`);
    return found.catastroCode;
  }

  private client(ctx: AdapterContext): CallejeroClient {
    return new CallejeroClient(ctx.http, this.callejeroBaseUrl);
  }

  private provinces(ctx: AdapterContext): Promise<Province[]> {
    if (!this.provinceList) {
      const list = this.client(ctx)
        .provinces(ctx.signal)
        .then((answer) => itemsOf(answer, "The Catastro's list of provinces"));
      this.provinceList = list;
      list.catch(() => {
        if (this.provinceList === list) this.provinceList = undefined;
      });
    }
    return this.provinceList;
  }

  /**
   * Every municipality of the province, and the province's name as the Catastro writes it
   * (ConsultaMunicipio asks by that name, upper case: SOURCES.md 1.2), from ConsultaProvincia.
   */
  private municipalities(province: ProvinceFound, ctx: AdapterContext): Promise<MunicipalitiesOf> {
    let list = this.municipalityLists.get(province.code);
    if (!list) {
      const asked = (async () => {
        const name = province.name ?? (await this.provinces(ctx)).find((p) => p.code === province.code)?.name;
        if (!name) throw notFound(`No Spanish province has the code ${province.code} in the Catastro's list of provinces.`);
        return { name, items: itemsOf(await this.client(ctx).municipalities(name, '', ctx.signal), `The municipalities of province ${name}`) };
      })();
      this.municipalityLists.set(province.code, asked);
      asked.catch(() => {
        if (this.municipalityLists.get(province.code) === asked) this.municipalityLists.delete(province.code);
      });
      list = asked;
    }
    return list;
  }
}
