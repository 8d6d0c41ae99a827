import { createHash, randomBytes } from 'node:crypto';
import type BetterSqlite3 from 'better-sqlite3';
import { isoDay, validationError } from '../model/index.js';
import { migrateAccessDatabase } from './access-db.js';
import { systemClock, type Clock } from './periods.js';
import { isTier, TIER_MONTHLY_QUOTA, type Tier } from './tiers.js';
import { parseExpiryDate } from './expiry-date.js';

type Database = BetterSqlite3.Database;

/** A key as stored: everything but the clear key, which is never kept (only its SHA-256). */
export interface ApiKeyRecord {
  id: string;
  tier: Tier;
  organisation: boolean;
  label: string | null;
  /** Last UTC day the key is valid (`YYYY-MM-DD`), or null for no expiry. */
  expiresOn: string | null;
  createdAt: string;
  revokedAt: string | null;
  /** Monthly quota of the tier. */
  monthlyQuota: number;
}

export interface CreateKeyInput {
  tier: Tier;
  organisation?: boolean;
  expiresOn?: string | null;
  label?: string | null;
}

export type KeyVerification = { ok: true; key: ApiKeyRecord } | { ok: false; reason: 'unknown' | 'revoked' | 'expired' };

/** What the auth plugin asks of a key store, whichever database holds the keys. */
export interface ApiKeyVerifier {
  verify(clearKey: string): KeyVerification | Promise<KeyVerification>;
}

/** A key as its table holds it (`organisation` 0/1 in SQLite; a shared database's boolean is read as such). */
export interface KeyRow {
  id: string;
  tier: string;
  organisation: number | boolean;
  label: string | null;
  expires_on: string | null;
  created_at: string;
  revoked_at: string | null;
}

/** Clear keys carry a recognisable prefix so a leaked one can be spotted by secret scanners. */
export const KEY_PREFIX = 'cdk_';

export const hashApiKey = (clearKey: string): string => createHash('sha256').update(clearKey, 'utf8').digest('hex');

/** A new key: the clear key (shown once) and its id; the tier and expiry checked. */
export function newApiKey(input: CreateKeyInput): { clearKey: string; id: string; keyHash: string; expiresOn: string | null } {
  if (!isTier(input.tier)) {
    throw validationError(`Tier must be one of free, basic, pro, business; got '${String(input.tier)}'.`);
  }
  const expiresOn = input.expiresOn ? parseExpiryDate(input.expiresOn) : null;
  const clearKey = KEY_PREFIX + randomBytes(24).toString('base64url');
  return { clearKey, id: randomBytes(6).toString('hex'), keyHash: hashApiKey(clearKey), expiresOn };
}

/** The verdict on a stored key (or none) at `now`: a key is valid through the whole UTC day of `expiresOn`. */
export function verdictOf(row: KeyRow | undefined, now: Date): KeyVerification {
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revoked_at) return { ok: false, reason: 'revoked' };
  if (isExpired(row.expires_on, now)) return { ok: false, reason: 'expired' };
  return { ok: true, key: toRecord(row) };
}

const isExpired = (expiresOn: string | null, now: Date) => expiresOn !== null && isoDay(now) > expiresOn;

/** A key neither revoked nor expired at `now` (verdictOf's rule, for a key already read). */
export const isKeyUsable = (key: Pick<ApiKeyRecord, 'revokedAt' | 'expiresOn'>, now: Date): boolean => !key.revokedAt && !isExpired(key.expiresOn, now);

/**
 * API keys of the HTTP API in the keys-and-usage database (access-db.ts, `api-access.sqlite`). A key is shown once at creation; the database holds only its SHA-256 hash, so a
 * copied database file cannot be used to call the API.
 */
export class KeyStore implements ApiKeyVerifier {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock = systemClock,
  ) {
    migrateAccessDatabase(db);
  }

  create(input: CreateKeyInput): { key: string; record: ApiKeyRecord } {
    const { clearKey, id, keyHash, expiresOn } = newApiKey(input);
    this.db
      .prepare(
        `
      INSERT INTO api_keys (id, key_hash, tier, organisation, label, expires_on, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(id, keyHash, input.tier, input.organisation ? 1 : 0, input.label ?? null, expiresOn, this.clock().toISOString());
    return { key: clearKey, record: this.get(id)! };
  }

  get(id: string): ApiKeyRecord | undefined {
    const row = this.db.prepare('SELECT * FROM api_keys WHERE id = ?').get(id) as KeyRow | undefined;
    return row && toRecord(row);
  }

  list(): ApiKeyRecord[] {
    return (this.db.prepare('SELECT * FROM api_keys ORDER BY created_at, id').all() as KeyRow[]).map(toRecord);
  }

  /** Returns false when no such key exists; revoking twice keeps the first revocation date. */
  revoke(id: string): boolean {
    const exists = this.db.prepare('SELECT 1 FROM api_keys WHERE id = ?').get(id);
    if (!exists) return false;
    this.db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(this.clock().toISOString(), id);
    return true;
  }

  /** Looks the key up by its hash; a key is valid through the whole UTC day of `expiresOn`. */
  verify(clearKey: string): KeyVerification {
    const row = this.db.prepare('SELECT * FROM api_keys WHERE key_hash = ?').get(hashApiKey(clearKey)) as KeyRow | undefined;
    return verdictOf(row, this.clock());
  }
}

export function toRecord(row: KeyRow): ApiKeyRecord {
  const tier = row.tier as Tier;
  return {
    id: row.id,
    tier,
    organisation: row.organisation === 1 || row.organisation === true,
    label: row.label,
    expiresOn: row.expires_on,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
    monthlyQuota: TIER_MONTHLY_QUOTA[tier],
  };
}
