import {
  hashApiKey,
  newApiKey,
  toRecord,
  verdictOf,
  type ApiKeyRecord,
  type ApiKeyVerifier,
  type CreateKeyInput,
  type KeyRow,
  type KeyVerification,
} from './key-store.js';
import { systemClock, type Clock } from './periods.js';
import type { ChargeResult, UsageCounting } from './usage-counter.js';
import type { PgConnection } from '../store/postgres/connection.js';

/**
 * Usage counters on the team database (table api_usage of postgres/schema.ts). Each change is
 * one INSERT … ON CONFLICT DO UPDATE … RETURNING: PostgreSQL locks the counter's row and
 * re-checks the limit on its latest value, so any number of server processes on any number
 * of machines admit exactly the units that fit, never one more.
 */
export class PgUsageCounter implements UsageCounting {
  constructor(private readonly db: PgConnection) {}

  async chargeIfWithin(subject: string, period: string, units: number, limit: number): Promise<ChargeResult> {
    const { rows } = await this.db.query<{ used: string }>(
      `
      INSERT INTO api_usage AS u (subject, period, used)
      SELECT $1, $2, $3::bigint WHERE $3::bigint <= $4::bigint
      ON CONFLICT (subject, period) DO UPDATE SET used = u.used + excluded.used
      WHERE u.used + excluded.used <= $4::bigint
      RETURNING used`,
      [subject, period, units, limit],
    );
    if (rows[0]) return { accepted: true, used: Number(rows[0].used) };
    return { accepted: false, used: await this.peek(subject, period) };
  }

  async adjust(subject: string, period: string, units: number): Promise<number> {
    const { rows } = await this.db.query<{ used: string }>(
      `
      INSERT INTO api_usage AS u (subject, period, used) VALUES ($1, $2, greatest($3::bigint, 0))
      ON CONFLICT (subject, period) DO UPDATE SET used = greatest(u.used + $3::bigint, 0)
      RETURNING used`,
      [subject, period, units],
    );
    return Number(rows[0].used);
  }

  async peek(subject: string, period: string): Promise<number> {
    const { rows } = await this.db.query<{ used: string }>('SELECT used FROM api_usage WHERE subject = $1 AND period = $2', [subject, period]);
    return rows[0] ? Number(rows[0].used) : 0;
  }
}

/** API keys on the team database: the same rules as core/auth/key-store.ts (only the SHA-256 of a key is kept). */
export class PgKeyStore implements ApiKeyVerifier {
  constructor(
    private readonly db: PgConnection,
    private readonly clock: Clock = systemClock,
  ) {}

  async create(input: CreateKeyInput): Promise<{ key: string; record: ApiKeyRecord }> {
    const { clearKey, id, keyHash, expiresOn } = newApiKey(input);
    await this.db.query(
      `
      INSERT INTO api_keys (id, key_hash, tier, organisation, label, expires_on, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [id, keyHash, input.tier, input.organisation === true, input.label ?? null, expiresOn, this.clock().toISOString()],
    );
    return { key: clearKey, record: (await this.get(id))! };
  }

  async get(id: string): Promise<ApiKeyRecord | undefined> {
    const { rows } = await this.db.query<KeyRow>('SELECT * FROM api_keys WHERE id = $1', [id]);
    return rows[0] && toRecord(rows[0]);
  }

  async list(): Promise<ApiKeyRecord[]> {
    const { rows } = await this.db.query<KeyRow>('SELECT * FROM api_keys ORDER BY created_at, id');
    return rows.map(toRecord);
  }

  async revoke(id: string): Promise<boolean> {
    const { rowCount } = await this.db.query('UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $2) WHERE id = $1', [id, this.clock().toISOString()]);
    return (rowCount ?? 0) > 0;
  }

  async verify(clearKey: string): Promise<KeyVerification> {
    const { rows } = await this.db.query<KeyRow>('SELECT * FROM api_keys WHERE key_hash = $1', [hashApiKey(clearKey)]);
    return verdictOf(rows[0], this.clock());
  }
}
