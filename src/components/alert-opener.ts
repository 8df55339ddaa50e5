/**
 * The seam between the alerts (loaded on demand) and the places that open their dialog or make
 * an alert from outside (a watchlist row, a horizontal line, a screen): the alerts register their
 * opener and creator when their code is there; until then there is none, and no trigger is shown
 * or enabled, so a click never waits for a download nor is refused for one (and no keystroke typed
 * into the dialog can be lost). Features do not import each other: this is the
 * shared point both reach.
 */
import type { ProductType } from '#shared/contract.ts';
import type { Screen } from '#shared/screener/screen-model.ts';
import { t } from '../i18n/t';
import { createCell, useObservable } from '../lib/observable';

export interface AlertRequest {
  symbol: string;
  type?: ProductType;
  /** A level to start from (the crosshair's price, a line's). */
  level?: number;
}

export type AlertOpener = (request: AlertRequest) => void;

/** An alert made without the dialog (a horizontal line turned into an alert). */
export interface AlertSpec {
  symbol: string;
  type?: ProductType;
  level: number;
  /** 'either' by default. */
  direction?: 'up' | 'down' | 'either';
}

/** "Tell me when a symbol enters this screen" (the screener's button): the server evaluates it. */
export interface ScreenAlertSpec {
  screen: Screen;
  /** The screen's name, which the alert shows. */
  name: string;
}

/** Creates the alert and answers its id, or an error message when the spec is not valid. */
export type AlertCreator = (spec: AlertSpec | ScreenAlertSpec) => { ok: true; id: string } | { ok: false; message: string };

interface Registered {
  create: AlertCreator;
  /** Whether the server's alerts status is known, on which a screen alert depends (only the server evaluates those). */
  screens: boolean;
}

const creator = createCell<Registered | undefined>(undefined);

/** The alerts register how they create an alert, and whether screen alerts can be answered yet; the returned function withdraws it. */
export function registerAlertCreator(create: AlertCreator, screens: boolean): () => void {
  const registered = { create, screens };
  creator.set(registered);
  return () => {
    if (creator.get() === registered) creator.set(undefined);
  };
}

/**
 * Creates a crossing alert at `spec.level` (the drawings call it to turn a horizontal line into
 * an alert), or a screen alert (the screener). Its triggers are offered only once the alerts'
 * code is there (useAlertsCanCreate), so a click is never refused for a download; the message
 * below answers a caller that did not ask.
 */
export function createAlert(spec: AlertSpec | ScreenAlertSpec): { ok: true; id: string } | { ok: false; message: string } {
  const registered = creator.get();
  return registered ? registered.create(spec) : { ok: false, message: t('Alerts are still loading: try again in a moment.') };
}

/**
 * True once an alert of this kind can be created: the alerts' code is there (it loads after the
 * first candle) and, for a screen alert, the server has said whether it evaluates them. Show or
 * enable the triggers then.
 */
export function useAlertsCanCreate(kind: 'level' | 'screen'): boolean {
  const registered = useObservable(creator);
  return registered !== undefined && (kind === 'level' || registered.screens);
}

const current = createCell<AlertOpener | undefined>(undefined);

/** The alerts register their opener; the returned function withdraws it. */
export function registerAlertOpener(opener: AlertOpener): () => void {
  current.set(opener);
  return () => {
    if (current.get() === opener) current.set(undefined);
  };
}

export const alertOpener = current.get;

/** The opener once the alerts' code is there (undefined before). */
export function useAlertOpener(): AlertOpener | undefined {
  return useObservable(current);
}
