/**
 * `GET /chartroom/alerts/status`: whether this server evaluates the signed-in user's alerts on its
 * own feed (then the browser shows the server's triggers and does not evaluate them itself), and
 * which deliveries it offers. 401 when nobody is signed in; NOT_EVALUATING on a server without a
 * workspace database (WORKSPACE=off): the browser evaluates then, as before.
 */
export const SERVER_ALERTS_STATUS_PATH = '/chartroom/alerts/status';

export interface ServerAlertsStatus {
  evaluating: boolean;
  /** Web Push can reach this user's devices (the key routes answer). */
  push: boolean;
  /** The operator allows some webhook hosts (WEBHOOK_ALLOW). */
  webhooks: boolean;
}

/** A server without a workspace database (WORKSPACE=off): the browser evaluates the alerts. */
export const NOT_EVALUATING: ServerAlertsStatus = { evaluating: false, push: false, webhooks: false };
