/**
 * The audit log: one JSON line per sign-in, sign-out, refusal and budget hit, prefixed `audit `,
 * written where the request log goes. It names the user, the client address and what happened;
 * never a password, a cookie, a token or the key (nothing of the kind is ever passed in: the
 * fields are a closed set). Refusals and budget hits are summarised per user and reason at most
 * once per `summaryMs`, so a script hammering the server cannot flood the log.
 */
export type AuditEvent = 'sign-in' | 'sign-out' | 'refused' | 'over-budget' | 'session-ended' | 'workspace-write' | 'workspace-share';

export interface AuditFields {
  user?: string;
  address?: string;
  /** ok, wrong-password, locked, no-credentials, ... (a fixed word, never request data). */
  outcome: string;
  /** The way in: proxy, session, token, upgrade. */
  via?: string;
}

export interface AuditLogOptions {
  summaryMs?: number;
  now?: () => number;
  maxKeys?: number;
}

/** Printable, bounded: a user name from a header may be anything an attacker sends. */
function clean(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  return text.replace(/[^\x21-\x7e]/g, '?').slice(0, 128);
}

export class AuditLog {
  private readonly summaryMs: number;
  private readonly now: () => number;
  private readonly maxKeys: number;
  /** Repeated events: key → [first seen in this spell, count since the last line]. */
  private readonly repeats = new Map<string, { since: number; count: number }>();

  constructor(
    private readonly write: (line: string) => void,
    options: AuditLogOptions = {},
  ) {
    this.summaryMs = options.summaryMs ?? 60_000;
    this.now = options.now ?? Date.now;
    this.maxKeys = options.maxKeys ?? 1_000;
  }

  record(event: AuditEvent, fields: AuditFields): void {
    const entry: Record<string, string | number> = { event, outcome: fields.outcome };
    const user = clean(fields.user);
    const address = clean(fields.address);
    if (user !== undefined) entry.user = user;
    if (address !== undefined) entry.address = address;
    if (fields.via !== undefined) entry.via = fields.via;
    if (event === 'refused' || event === 'over-budget') {
      const key = `${event} ${fields.outcome} ${fields.via ?? ''} ${user ?? ''} ${address ?? ''}`;
      const now = this.now();
      const seen = this.repeats.get(key);
      if (seen !== undefined && now - seen.since < this.summaryMs) {
        seen.count += 1;
        return;
      }
      if (seen !== undefined && seen.count > 0) entry.repeated = seen.count;
      this.repeats.delete(key);
      this.repeats.set(key, { since: now, count: 0 });
      if (this.repeats.size > this.maxKeys) {
        const oldest = this.repeats.keys().next();
        if (oldest.done !== true) this.repeats.delete(oldest.value);
      }
    }
    try {
      this.write(`audit ${JSON.stringify(entry)}`);
    } catch {
      // A failing log must not fail the request.
    }
  }
}
