import type { CountrySources } from '../adapter.js';
import { resolveSources } from '../national/sources-config.js';

export interface DkSourcesConfig {
  /**
   * A DAWA-compatible API: the fallback for parcels and addresses when no Datafordeler API key is
   * set, used only when configured (DAWA itself closed on 17 August 2026 and answers 410).
   */
  dawaUrl: string;
  /** Datafordeler's GraphQL (`<base>/flexibleCurrent/v1?apiKey=…`); its REST services retired 2026-06-30. */
  datafordelerUrl: string;
}

export const DEFAULT_DK_SOURCES: DkSourcesConfig = {
  dawaUrl: 'https://api.dataforsyningen.dk',
  datafordelerUrl: 'https://graphql.datafordeler.dk',
};

/** Environment variables: base URLs, and Datafordeler's API key. */
export const DK_SOURCES_ENV: Record<keyof DkSourcesConfig | 'datafordelerApiKey', string> = {
  dawaUrl: 'CATASTRO_DK_DAWA_URL',
  datafordelerUrl: 'CATASTRO_DK_DATAFORDELER_URL',
  datafordelerApiKey: 'CATASTRO_DK_DATAFORDELER_API_KEY',
};

/** How to give the API key, for the messages of answers that need it. */
export const DK_CREDENTIALS_HINT = `Matriklen on Datafordeler's GraphQL needs an API key (created on portal.datafordeler.dk): enter it in the desktop app's Settings → Denmark, or set ${DK_SOURCES_ENV.datafordelerApiKey} for the server.`;

/** The status page's words for Denmark without a key (DAWA closed: every Danish lookup answers 503 until one is set). */
export const DK_UNCONFIGURED_REASON = `not configured: every Danish lookup needs a Datafordeler API key (Settings → Denmark in the desktop app, or ${DK_SOURCES_ENV.datafordelerApiKey})`;

export const resolveDkSources = (config?: CountrySources) => resolveSources(DEFAULT_DK_SOURCES, config);

/** The DAWA fallback only when configured: the default address is the closed service. */
export function dawaFallbackUrl(config: CountrySources = {}): string | undefined {
  const url = config.dawaUrl?.trim();
  return url ? resolveDkSources({ dawaUrl: url }).dawaUrl : undefined;
}

/** Datafordeler's API key from configuration only: never logged, never in an answer. */
export function datafordelerApiKey(config: CountrySources = {}): string | undefined {
  return config.datafordelerApiKey?.trim() || undefined;
}

export const DK_CADASTRE_ATTRIBUTION = 'Geodatastyrelsen, Matriklen; Danmarks Adresseregister (DAR); Datafordeler, Klimadatastyrelsen';
