/**
 * The protocol between Chartroom's server and its browser app, beyond the API contract: the
 * headers the server adds to `/v1` answers and the meta element it stamps into index.html. Both
 * sides import these names from here, so they cannot drift apart.
 */

/** Tells the dashboard where its data comes from, without an extra request. */
export const SOURCE_HEADER = 'X-Chartroom-Source';

/**
 * The data's clock in ms: the simulator's (which tests freeze or shift) in simulator mode. The
 * dashboard computes market status with it, so it agrees with the data it shows.
 */
export const CLOCK_HEADER = 'X-Chartroom-Clock';

/** `hit` when a completed K-line window came from the server's cache. */
export const CACHE_HEADER = 'X-Chartroom-Cache';

/** `<meta name="chartroom-clock" content="<ms>">`: the data's clock as index.html was served. */
export const PAGE_CLOCK_META = 'chartroom-clock';

/** Where the answer came from. */
export type DataSource = 'simulator' | 'upstream';
