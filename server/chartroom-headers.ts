/** Headers Chartroom's server adds to `/v1` answers for the dashboard. */

/** Tells the dashboard where its data comes from, without an extra request. */
export const SOURCE_HEADER = 'X-Chartroom-Source';
/**
 * The data's clock in ms: the simulator's (which tests freeze or shift) in simulator mode. The
 * dashboard computes market status with it, so it agrees with the data it shows.
 */
export const CLOCK_HEADER = 'X-Chartroom-Clock';
