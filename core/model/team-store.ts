/**
 * The store the desktop app works on, as Settings shows it: the data folder's SQLite copy or a
 * shared team database. Never the password: `url` is the URL without it.
 */
export interface TeamStoreView {
  store: 'sqlite' | 'postgres';
  /** The team database's URL without password (postgres only). */
  url?: string;
  /** host:port/database (postgres only). */
  where?: string;
  /** Set by the CATASTRO_STORE environment variable, which Settings cannot change. */
  fromEnvironment: boolean;
}
