/**
 * The utilities of the code loaded on demand (on-demand.css; the first page's sheet carries only
 * its own): each loader of code that renders (lazyWithPreload, the legend's actions) waits for
 * them too, so that code never shows unstyled. One download, kept; a failed one is tried again
 * with the next load.
 */
let loading: Promise<unknown> | undefined;

function onDemandStyles(): Promise<unknown> {
  loading ??= import('./on-demand.css').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** What `load` loads, once the utilities are there too; fails when either does. */
export function withOnDemandStyles<T>(load: Promise<T>): Promise<T> {
  return Promise.all([load, onDemandStyles()]).then(([loaded]) => loaded);
}
