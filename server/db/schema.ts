/**
 * The tables, as Kysely sees them. One schema on both databases (PGlite and PostgreSQL), changed
 * only by migrations (migrations.ts).
 */
import type { ColumnType } from 'kysely';

/** A bigint column: Postgres hands int8 back as a string (pg) or a bigint (PGlite); we write numbers. */
type Int8 = ColumnType<string | number | bigint, number, number>;

/** Each user's workspace revision: one counter, bumped by every change the server stores. */
export interface WorkspaceUsersTable {
  user_id: string;
  server_rev: Int8;
}

/**
 * The user's records (shared/records.ts): the record as the browser keeps it, plus the server
 * revision that stored it (a change's reader asks for those after its own last one).
 */
export interface WorkspaceRecordsTable {
  user_id: string;
  /** The browser store it belongs to: app, drawings, alerts. */
  store: string;
  record_id: string;
  kind: string;
  rev: number;
  by_device: string;
  updated_at: Int8;
  deleted: boolean;
  /** The record's value as JSON text (null for a tombstone). */
  value: string | null;
  server_rev: Int8;
}

/** A sign-in session of AUTH_MODE=password: the SHA-256 of its cookie, never the cookie. */
export interface AuthSessionsTable {
  session_hash: string;
  user_id: string;
  created_at: Int8;
  last_seen_at: Int8;
}

/** A watchlist or layout shared read-only by a link: a copy of it when shared; revoked ones stay, refused. */
export interface WorkspaceSharesTable {
  share_id: string;
  owner_id: string;
  /** watchlist | layout */
  kind: string;
  name: string;
  /** The shared content as JSON text. */
  value: string;
  created_at: Int8;
  revoked_at: Int8 | null;
}

/** A trigger the server recorded (server alerts): one per alert and price time. */
export interface AlertTriggersTable {
  user_id: string;
  /** `<alert id>@<price time>`: the same on every instance that saw the same push. */
  trigger_id: string;
  alert_id: string;
  symbol: string;
  /** The price's time (ms UTC, the data's clock). */
  time: Int8;
  price: number;
  /** The alert's condition when it fired, as JSON text. */
  condition: string;
  crossing: string;
  /** When the server recorded it (its own clock). */
  created_at: Int8;
}

/** The delivery outbox: one row per trigger and destination. */
export interface AlertDeliveriesTable {
  user_id: string;
  trigger_id: string;
  /** push | webhook */
  channel: string;
  /** The push subscription's endpoint, or the webhook's URL. */
  target: string;
  /** pending | delivered | failed | gone (a push subscription the service no longer knows) */
  status: string;
  attempts: number;
  next_attempt_at: Int8;
  /** An instance delivering it holds it until then. */
  lease_until: Int8 | null;
  last_error: string | null;
  delivered_at: Int8 | null;
}

/** A device's Web Push subscription. */
export interface PushSubscriptionsTable {
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** A label of the device (its browser and system), shown in the list of devices. */
  device: string;
  /** The device's language (shared/push-protocol.ts PUSH_LANGUAGES): its notifications are written in it. */
  language: ColumnType<string, string | undefined, string>;
  created_at: Int8;
}

/** Secrets the server made for itself (the VAPID key pair, webhook signing keys), as text. */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: Int8;
}

export interface Database {
  workspace_users: WorkspaceUsersTable;
  workspace_records: WorkspaceRecordsTable;
  auth_sessions: AuthSessionsTable;
  workspace_shares: WorkspaceSharesTable;
  alert_triggers: AlertTriggersTable;
  alert_deliveries: AlertDeliveriesTable;
  push_subscriptions: PushSubscriptionsTable;
  server_secrets: ServerSecretsTable;
}
