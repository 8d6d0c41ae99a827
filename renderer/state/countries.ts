import { create } from 'zustand';
import { countryHas, type CountryCapability, type CountryInfo, type ReferenceParts } from '../../core/model/index.js';
import type { CatastroClient } from '../client/catastro-client.js';

/**
 * The installation's countries as the service's status lists them, with what each offers beyond
 * its lookups (capabilities): the panel and the lookups ask these, never the country code. Asked
 * once per client; a failed ask is asked again next time.
 */
export const useCountryList = create<{ countries: CountryInfo[] }>()(() => ({ countries: [] }));

const asked = new WeakMap<CatastroClient, Promise<CountryInfo[]>>();

export function loadCountries(client: CatastroClient): Promise<CountryInfo[]> {
  let list = asked.get(client);
  if (!list) {
    list = client.call('status').then((status) => {
      const countries = status.countries ?? [];
      useCountryList.setState({ countries });
      return countries;
    });
    list.catch(() => asked.delete(client));
    asked.set(client, list);
  }
  return list;
}

/** True when `country` offers `capability`, the list loaded first. */
export async function countryOffers(client: CatastroClient, country: string | undefined, capability: CountryCapability): Promise<boolean> {
  return countryHas(await loadCountries(client), country, capability);
}

/** True when `country` offers `capability` in the loaded list (false until it is loaded: the extras stay hidden). */
export function useCountryCapability(country: string | undefined, capability: CountryCapability): boolean {
  return useCountryList((state) => countryHas(state.countries, country, capability));
}

/** Where `country`'s references name the commune, section and number, in the loaded list (undefined until loaded, or where they do not). */
export function useReferenceParts(country: string | undefined): ReferenceParts | undefined {
  return useCountryList((state) => state.countries.find((c) => c.code === country)?.referenceParts);
}
