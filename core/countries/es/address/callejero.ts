import { XMLParser } from 'fast-xml-parser';
import { unavailable } from '../../../model/index.js';
import type { TextFetcher } from '../../../address/ports.js';

/** SOURCES.md §1.1/§1.2: the Catastro street directory (ASMX, XML answers, GET query strings). */
export const OVC_CALLEJERO_BASE_URL = 'https://ovc.catastro.meh.es/ovcservweb/OVCSWLocalizacionRC/OVCCallejero.asmx';

export interface Province {
  code: string;
  name: string;
}
/**
 * A municipality of ConsultaMunicipio: its name, INE's codes (`loine/cp`, `loine/cm`) and the
 * Catastro's (`locat/cd`, the delegation, and `locat/cmc`, the municipality code a reference
 * carries). Shape as alejndr0/go-catastro reads the JSON twin (catastro/struct.go
 * `ObtenerMunicipiosResponse`: muni{locat{cd,cmc}, loine{cp,cm}, nm}) and as a Serenity test of
 * the ASMX asserts a real answer (repository not identified):
 * `<muni><nm>VIGO</nm><locat><cd>54</cd><cmc>57</cmc></locat><loine><cp>36</cp><cm>57</cm></loine></muni>`
 * — there `cd` (54, Vigo's delegation) is not the INE province (36), so `cd` is not read as one.
 */
export interface Municipality {
  name: string;
  provinceCode?: string;
  municipalityCode?: string;
  /** The Catastro's delegation (`locat/cd`). */
  catastroDelegation?: string;
  /** The Catastro's municipality code (`locat/cmc`), 3 digits as a reference writes it. */
  catastroCode?: string;
}
export interface Street {
  code?: string;
  type: string;
  name: string;
}
export interface StreetNumber {
  number: string;
  ref14: string;
}
export interface OvcError {
  code: string;
  description: string;
}

export interface OvcList<T> {
  items: T[];
  errors: OvcError[];
}

// Element names from SOURCES.md §1.4; lists are arrays even with one element.
const LIST_ELEMENTS = new Set(['prov', 'muni', 'calle', 'nump', 'err']);
const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false, // keep codes such as "073" and numbers as written
  trimValues: true,
  isArray: (name) => LIST_ELEMENTS.has(name),
});

type Node = Record<string, unknown>;
const node = (v: unknown): Node => (typeof v === 'object' && v !== null ? (v as Node) : {});
const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
/** A code as a reference writes it (`57` → `057`); undefined when absent. */
const padded = (code: string, width: number): string | undefined => (code ? code.padStart(width, '0') : undefined);
const list = (v: unknown): Node[] => (Array.isArray(v) ? v.map(node) : []);

/**
 * Client of OVCCallejero: ConsultaProvincia, ConsultaMunicipio, ConsultaVia, ConsultaNumero.
 * Each answer is `<consulta_…>` with `control` counters, the list, and `lerr/err{cod,des}`
 * when the service refused (delivered with HTTP 200, like the recorded OVC errors).
 */
export class CallejeroClient {
  constructor(
    private readonly http: TextFetcher,
    private readonly baseUrl: string = OVC_CALLEJERO_BASE_URL,
  ) {}

  private async call(operation: string, params: Record<string, string>, signal?: AbortSignal): Promise<Node> {
    const url = `${this.baseUrl.replace(/\/+$/, '')}/${operation}?${new URLSearchParams(params)}`;
    const answer = await this.http.getText(url, { source: 'catastro-callejero', signal });
    if (answer.status !== 200) throw unavailable(`The Catastro street directory answered HTTP ${answer.status}.`);
    let document: Node;
    try {
      document = node(parser.parse(answer.body));
    } catch {
      throw unavailable('The Catastro street directory sent an unreadable answer.');
    }
    const root = Object.entries(document).find(([name]) => name.startsWith('consulta_'))?.[1];
    if (root === undefined) throw unavailable('The Catastro street directory sent an unexpected answer.');
    return node(root);
  }

  private static errors(root: Node): OvcError[] {
    return list(node(root.lerr).err).map((e) => ({ code: text(e.cod), description: text(e.des) }));
  }

  async provinces(signal?: AbortSignal): Promise<OvcList<Province>> {
    const root = await this.call('ConsultaProvincia', {}, signal);
    return {
      items: list(node(root.provinciero).prov).map((p) => ({ code: text(p.cpine).padStart(2, '0'), name: text(p.np) })),
      errors: CallejeroClient.errors(root),
    };
  }

  async municipalities(province: string, municipality: string, signal?: AbortSignal): Promise<OvcList<Municipality>> {
    const root = await this.call('ConsultaMunicipio', { Provincia: province, Municipio: municipality }, signal);
    return {
      items: list(node(root.municipiero).muni).map((m) => ({
        name: text(m.nm),
        provinceCode: text(node(m.loine).cp) || undefined,
        municipalityCode: text(node(m.loine).cm) || undefined,
        catastroDelegation: text(node(m.locat).cd) || undefined,
        catastroCode: padded(text(node(m.locat).cmc), 3),
      })),
      errors: CallejeroClient.errors(root),
    };
  }

  async streets(province: string, municipality: string, type: string, name: string, signal?: AbortSignal): Promise<OvcList<Street>> {
    const root = await this.call('ConsultaVia', { Provincia: province, Municipio: municipality, TipoVia: type, NombreVia: name }, signal);
    return {
      items: list(node(root.callejero).calle).map((c) => {
        const dir = node(c.dir);
        return { code: text(dir.cv) || undefined, type: text(dir.tv), name: text(dir.nv) };
      }),
      errors: CallejeroClient.errors(root),
    };
  }

  async numbers(province: string, municipality: string, type: string, street: string, number: number, signal?: AbortSignal): Promise<OvcList<StreetNumber>> {
    const root = await this.call(
      'ConsultaNumero',
      { Provincia: province, Municipio: municipality, TipoVia: type, NomVia: street, Numero: String(number) },
      signal,
    );
    return {
      items: list(node(root.numerero).nump).map((n) => ({
        number: text(node(n.num).pnp),
        ref14: `${text(node(n.pc).pc1)}${text(node(n.pc).pc2)}`,
      })),
      errors: CallejeroClient.errors(root),
    };
  }
}
