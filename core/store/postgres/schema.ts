/**
 * Every committed change to what a parcel or unit answer is built from is announced on the
 * channel catastro_data_changed (NOTIFY is delivered at commit, once per statement): each server
 * process moves its own data generation on it. Released text (migration 1), so it never changes.
 */
export const ANNOUNCE_CHANGE_FUNCTION = `CREATE FUNCTION catastro_announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('catastro_data_changed', TG_TABLE_NAME);
    RETURN NULL;
  END $$;`;

/** The statement triggers by which a change to `tables` is announced (ANNOUNCE_CHANGE_FUNCTION); released text as well. */
export function announcesChanges(tables: readonly string[]): string {
  return tables
    .map(
      (table) => `CREATE TRIGGER ${table}_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
    FOR EACH STATEMENT EXECUTE FUNCTION catastro_announce_change();`,
    )
    .join('\n  ');
}

/**
 * Migrations of the PostgreSQL/PostGIS store, applied in order and recorded in
 * `catastro_schema` (one row per applied version). Append only, as core/store/schema.ts: a
 * released migration never changes, so every team database upgrades the same way. The tables
 * mirror the SQLite copy's, with PostGIS geometry in place of the blob and the R*Tree.
 */
export const POSTGIS_MIGRATIONS: readonly string[] = [
  `
  CREATE EXTENSION IF NOT EXISTS postgis;

  -- Outlines in WGS84 (SRID 4326) with a GiST index: point→parcel is ST_Intersects on it.
  CREATE TABLE parcels (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    country text NOT NULL,
    ref text NOT NULL,
    geom geometry(Geometry, 4326) NOT NULL CHECK (GeometryType(geom) IN ('POLYGON', 'MULTIPOLYGON')),
    centroid_lon double precision NOT NULL,
    centroid_lat double precision NOT NULL,
    area double precision NOT NULL,          -- m², official where the source gives it
    municipio text, provincia text, direccion text, codigo_postal text,
    direccion_folded text,                   -- direccion with accents and case folded (address search)
    uso text, clase text, superficie_construida double precision, anio_construccion integer,
    declared_units integer, declared_dwellings integer,
    source text NOT NULL,
    data_date text NOT NULL,
    offline_area text,
    UNIQUE (country, ref)
  );
  CREATE INDEX parcels_geom ON parcels USING gist (geom);
  CREATE INDEX parcels_offline_area ON parcels (offline_area) WHERE offline_area IS NOT NULL;

  CREATE TABLE buildings (
    ref text PRIMARY KEY,
    uso text, anio_construccion integer, superficie_construida double precision,
    building_units integer, dwellings integer,
    data_date text NOT NULL
  );

  CREATE TABLE fincas (
    ref text PRIMARY KEY,
    direccion text NOT NULL, direccion_folded text NOT NULL, codigo_postal text NOT NULL,
    municipio text NOT NULL, provincia text NOT NULL,
    uso_general text NOT NULL, superficie_total double precision NOT NULL, superficie_parcela double precision,
    anio_construccion integer NOT NULL, declared_units integer NOT NULL,
    source text NOT NULL, data_date text NOT NULL
  );

  CREATE TABLE units (
    ref text PRIMARY KEY,                    -- 20 characters
    finca text NOT NULL,
    escalera text NOT NULL, planta text NOT NULL, puerta text NOT NULL,
    uso text NOT NULL, superficie double precision NOT NULL, descripcion text NOT NULL,
    participacion double precision NOT NULL, anio integer NOT NULL, direccion text NOT NULL,
    source text NOT NULL, data_date text NOT NULL
  );
  CREATE INDEX units_by_finca ON units (finca, ref);

  CREATE TABLE imported_files (
    name text NOT NULL, bytes bigint NOT NULL, kind text NOT NULL,
    parcels integer NOT NULL, buildings integer NOT NULL, fincas integer NOT NULL, units integer NOT NULL,
    imported_at text NOT NULL, data_date text,
    PRIMARY KEY (name, bytes, kind)
  );

  -- Every committed change to what a parcel or unit answer is built from is announced on this
  -- channel (NOTIFY is delivered at commit, once per statement): each server process moves its
  -- own data generation on it and drops the answers it keeps in memory.
  ${ANNOUNCE_CHANGE_FUNCTION}
  ${announcesChanges(['parcels', 'buildings', 'fincas', 'units'])}

  -- Keys and usage of the HTTP API, shared by every server process on this database. Subjects
  -- are 'key:<id>' (per UTC month) and 'ip:<address>' (per UTC day), as in api-access.sqlite.
  CREATE TABLE api_keys (
    id text PRIMARY KEY,
    key_hash text NOT NULL UNIQUE,
    tier text NOT NULL CHECK (tier IN ('free', 'basic', 'pro', 'business')),
    organisation boolean NOT NULL DEFAULT false,
    label text,
    expires_on text,
    created_at text NOT NULL,
    revoked_at text
  );
  CREATE TABLE api_usage (
    subject text NOT NULL,
    period text NOT NULL,
    used bigint NOT NULL,
    PRIMARY KEY (subject, period)
  );
  `,
  `
  -- Buildings, fincas and units keyed by country and reference, as parcels are (the SQLite
  -- copy's migration 7): rows written before are Spain's.
  ALTER TABLE buildings ADD COLUMN country text NOT NULL DEFAULT 'ES';
  ALTER TABLE buildings ALTER COLUMN country DROP DEFAULT;
  ALTER TABLE buildings DROP CONSTRAINT buildings_pkey, ADD PRIMARY KEY (country, ref);
  ALTER TABLE fincas ADD COLUMN country text NOT NULL DEFAULT 'ES';
  ALTER TABLE fincas ALTER COLUMN country DROP DEFAULT;
  ALTER TABLE fincas DROP CONSTRAINT fincas_pkey, ADD PRIMARY KEY (country, ref);
  ALTER TABLE units ADD COLUMN country text NOT NULL DEFAULT 'ES';
  ALTER TABLE units ALTER COLUMN country DROP DEFAULT;
  ALTER TABLE units DROP CONSTRAINT units_pkey, ADD PRIMARY KEY (country, ref);
  DROP INDEX units_by_finca;
  CREATE INDEX units_by_finca ON units (country, finca, ref);
  `,
  `
  -- Portals of imported INSPIRE Addresses files (postgis-address-import.ts), with the columns
  -- and key of the SQLite copy's table (its 9th migration): address search reads them while the
  -- geocoder cannot be reached. The street is kept folded as well (direccion_folded's rule), so
  -- the search compares what the SQLite copy's fold_text compares.
  CREATE TABLE addresses (
    country text NOT NULL,
    ref text NOT NULL,                       -- 14-character parcel reference
    street text NOT NULL,                    -- 'CL EMILIANO DIAZ CASTRO (FASNIA)'
    number text NOT NULL,                    -- locator designator: '1', '10A', 'S-N'
    postcode text,
    municipality text,
    lon double precision NOT NULL,
    lat double precision NOT NULL,
    street_folded text NOT NULL,
    PRIMARY KEY (country, ref, street, number)
  );
  ${announcesChanges(['addresses'])}
  `,
];
