import type { CountrySources } from '../adapter.js';
import { resolveSources } from '../national/sources-config.js';

export interface DkSourcesConfig {
  /** DAWA / Dataforsyningen API: addresses, and jordstykker when no Datafordeler service user is set. */
  dawaUrl: string;
  /** Datafordeler web services (Matriklen2 REST: `<base>/Matriklen2/Matrikel/2.0.0/rest/…`). */
  datafordelerUrl: string;
}

export const DEFAULT_DK_SOURCES: DkSourcesConfig = {
  dawaUrl: 'https://api.dataforsyningen.dk',
  datafordelerUrl: 'https://services.datafordeler.dk',
};

/** Datafordeler's service user (tjenestebruger): from configuration only, never logged, never in an answer. */
export interface DatafordelerCredentials {
  username: string;
  password: string;
}

/** Environment variables: base URLs, and the service user's name and password. */
export const DK_SOURCES_ENV: Record<keyof DkSourcesConfig | 'datafordelerUsername' | 'datafordelerPassword', string> = {
  dawaUrl: 'CATASTRO_DK_DAWA_URL',
  datafordelerUrl: 'CATASTRO_DK_DATAFORDELER_URL',
  datafordelerUsername: 'CATASTRO_DK_DATAFORDELER_USERNAME',
  datafordelerPassword: 'CATASTRO_DK_DATAFORDELER_PASSWORD',
};

/** How to give the service user, for the messages of answers that need it. */
export const DK_CREDENTIALS_HINT = `Matriklen on Datafordeler needs a service user (tjenestebruger, created on datafordeler.dk): set ${DK_SOURCES_ENV.datafordelerUsername} and ${DK_SOURCES_ENV.datafordelerPassword}.`;

export const resolveDkSources = (config?: CountrySources) => resolveSources(DEFAULT_DK_SOURCES, config);

/** The service user, when both its name and password are configured (taken as given: no trimming of a password). */
export function datafordelerCredentials(config: CountrySources = {}): DatafordelerCredentials | undefined {
  const username = config.datafordelerUsername?.trim();
  const password = config.datafordelerPassword;
  return username && password ? { username, password } : undefined;
}

export const DK_CADASTRE_ATTRIBUTION = 'Geodatastyrelsen, Matriklen (Datafordeler); Danmarks Adressers Web API (DAWA), Klimadatastyrelsen';
