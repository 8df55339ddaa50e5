/**
 * "New alert": symbol, a level to cross (or a move of N % from the current price), the direction,
 * once or every time (cooldown), an expiry and a sound; where the server evaluates the alerts, an
 * indicator condition too ("RSI(14) on 1h crosses above 70", indicator-condition-fields.tsx) and
 * how it delivers a trigger (the user's devices by Web Push, a webhook with its message). Opened from
 * the Alerts panel, a watchlist row (through the seam in src/components/alert-opener.ts) or the
 * chart's "alert here"; its code is in the same chunk as those triggers, so it is on screen in the
 * frame after the click and takes every keystroke. The panel's Edit opens it on an alert, with its
 * settings (a screen alert's screen is shown, not edited: it is made from the screener). Bad values get a message beside their field, and every field keeps what was typed.
 */
import { t } from '../../i18n/t';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import type { AlertRequest } from '../../components/alert-opener';
import { parseSymbolInput, type SymbolInput } from '../../lib/symbol-input';
import { normalizeSymbol } from '#shared/symbols.ts';
import type { Alert } from '#shared/alerts/alert-model.ts';
import { useAppServices } from '../../queries/app-services-context';
import { catalogQueryOptions, useCatalog } from '../../queries/use-catalog';
import { useTicker } from '../../queries/use-ticker';
import { useAppStore } from '../../store/app-store';
import { TypeChoice } from '../../components/ui/type-choice';
import { priceDecimals, tickerFigures } from '../../components/live-quote/ticker-figures';
import type { Interval, ProductType } from '#shared/contract.ts';
import {
  DEFAULT_WEBHOOK_TEMPLATE,
  roundedLevelText,
  validateAlertForm,
  WEBHOOK_PLACEHOLDERS,
  type AlertField,
  type AlertFormValues,
  type FieldErrors,
  type FormContext,
} from './alert-form';
import { conditionText, fullText, priceText } from './alert-text';
import { useAlertsStore } from './alerts-store';
import { unlockAudio } from './beep';
import { useAlertDialog, type DialogRequest } from './dialog-state';
import { Modal } from '../../components/ui/modal';
import { askNotificationPermission } from './notify';
import { useServerAlertsStatus } from './server-evaluates';
import { DecimalField, Field, HINT, INPUT } from './dialog-field';
import { IndicatorConditionFields } from './indicator-condition-fields';
import { defaultIndicatorValues, followIndicatorErrors, indicatorFieldOrder, indicatorValuesOf } from './indicator-form';
import { DateField } from '../../components/ui/date-field';
import { typedDateText } from '../../lib/typed-date';

/** The fields in the order the dialog shows them: the first with a message takes focus. */
function fieldOrder(values: AlertFormValues): AlertField[] {
  const condition = values.kind === 'indicator' && values.indicator ? indicatorFieldOrder(values.indicator) : (['level', 'percent'] as const);
  return ['symbol', ...condition, 'cooldownMinutes', 'expires', 'webhookUrl', 'webhookTemplate'];
}

/**
 * The form as it opens: an alert's settings, or a new alert's start. An indicator condition starts
 * on `chartInterval`, the chart's (1h where there is none); an edited one on its own.
 */
function initialValues(request: AlertRequest, alert: Alert | undefined, chartInterval: Interval | undefined): AlertFormValues {
  if (alert) {
    const { condition, delivery } = alert;
    return {
      symbol: alert.symbol,
      // A screen alert's condition has no fields here (it is shown as text): its kind reads as the default.
      kind: condition.kind === 'screen' ? 'cross' : condition.kind,
      level: condition.kind === 'cross' ? priceText(condition.level) : '',
      percent: condition.kind === 'move' || condition.kind === 'dayMove' ? priceText(condition.percent) : '',
      direction: alert.direction,
      repeat: alert.repeat,
      cooldownMinutes: alert.repeat === 'every' ? String(alert.cooldownMs / 60_000) : '5',
      expires: alert.expiresAt !== undefined ? typedDateText(alert.expiresAt) : '',
      sound: alert.sound,
      push: delivery?.push ?? true,
      webhookUrl: delivery?.webhook?.url ?? '',
      webhookTemplate: delivery?.webhook?.template ?? '',
      indicator: condition.kind === 'indicator' ? indicatorValuesOf(condition) : defaultIndicatorValues(chartInterval),
    };
  }
  return {
    symbol: request.symbol,
    kind: 'cross',
    level: request.level !== undefined ? priceText(request.level) : '',
    percent: '',
    direction: 'either',
    repeat: 'once',
    cooldownMinutes: '5',
    expires: '',
    sound: false,
    push: true,
    webhookUrl: '',
    webhookTemplate: '',
    indicator: defaultIndicatorValues(chartInterval),
  };
}

export function AlertDialogHost() {
  const request = useAlertDialog((state) => state.request);
  const serial = useAlertDialog((state) => state.serial);
  const close = useAlertDialog((state) => state.close);
  const editing = useAlertsStore((state) => (request?.alertId === undefined ? undefined : state.alerts.find((alert) => alert.id === request.alertId)));
  if (!request) return null;
  // The Modal is drawn on the page itself, not in the Markets column that holds the runtime: a
  // phone hides that column on its other screens, and would hide the dialog with it.
  return <AlertDialog key={serial} request={request} editing={editing} onClose={close} />;
}

function AlertDialog({ request, editing: editingNow, onClose }: { request: DialogRequest; editing: Alert | undefined; onClose: () => void }) {
  const id = useId();
  // The alert as it was when the dialog opened (another device's change meanwhile does not reset the form).
  const [editing] = useState(editingNow);
  const [values, setValues] = useState(() => initialValues(request, editing, useAppStore.getState().workspace.interval));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  /** An ambiguous symbol (BTCUSD: crypto or forex) asks which; the answer, once given. */
  const [choice, setChoice] = useState<{ symbol: string; types: ProductType[]; chosen?: ProductType } | undefined>(undefined);
  const form = useRef<HTMLFormElement>(null);
  // Where the server evaluates the alerts, the deliveries it offers (the Delivery section), and
  // indicator conditions (only it evaluates them).
  const status = useServerAlertsStatus();
  const evaluates = status?.evaluating === true;
  const offered: FormContext['offered'] = evaluates && (status.push || status.webhooks) ? { push: status.push, webhooks: status.webhooks } : undefined;
  // A screen alert keeps its screen and its name (made from the screener, not typed here); elsewhere
  // an edited indicator alert keeps its condition. Both are shown as text.
  const screenAlert = editing?.condition.kind === 'screen' ? editing : undefined;
  const fixedCondition = screenAlert?.condition ?? (editing?.condition.kind === 'indicator' && !evaluates ? editing.condition : undefined);
  // The field to type in first: the level (an edited move alert's %, an indicator alert's line, or
  // its "Fires" where it cannot be changed) when the symbol is given, else the symbol. Focused as
  // the dialog mounts, in the frame after the click that opened it.
  const [firstField] = useState(() =>
    request.symbol === '' ? 'symbol' : fixedCondition ? 'repeat' : values.kind === 'indicator' ? 'line' : values.kind === 'cross' ? 'level' : 'percent',
  );
  useEffect(() => {
    form.current?.querySelector<HTMLElement>(`#${CSS.escape(`${id}-${firstField}`)}`)?.focus();
  }, [id, firstField]);
  const queryClient = useQueryClient();
  const { clock } = useAppServices();
  const catalog = useCatalog(true);
  const add = useAlertsStore((state) => state.add);
  const edit = useAlertsStore((state) => state.edit);

  // The quote of the symbol as typed, once the catalogue knows it: the dialog shows the last price
  // and a move alert is measured from it.
  const known = catalog.data?.lookup(values.symbol)[0];
  const quoted = known?.symbol ?? (values.symbol.trim() === request.symbol ? request.symbol : '');
  const quotedType = known ? (useAppStore.getState().symbolTypes[known.symbol] ?? known.type) : request.type;
  const ticker = useTicker(quoted, quotedType);
  const last = ticker.data?.last_price;
  // As the watchlist and the header print it: the symbol's precision, grouped (222.10, not 222.1).
  const lastShown = ticker.data && tickerFigures(ticker.data).last;
  // The symbol's precision: a typed level is saved on it, and the field shows it so once left.
  const decimals = ticker.data ? priceDecimals(ticker.data) : undefined;
  // An edited move alert keeps the price it was set at (for its symbol): its move is measured from there.
  const keptBase =
    editing?.condition.kind === 'move' && normalizeSymbol(values.symbol) === normalizeSymbol(editing.symbol) ? editing.condition.base : undefined;

  const set = <K extends keyof AlertFormValues>(key: K, value: AlertFormValues[K]) => {
    setValues((before) => ({ ...before, [key]: value }));
  };
  const fieldId = (field: string) => `${id}-${field}`;
  const invalid = (field: AlertField, hint = false) => {
    const described = [hint && `${fieldId(field)}-hint`, errors[field] !== undefined && `${fieldId(field)}-error`].filter(Boolean).join(' ');
    return { 'aria-invalid': errors[field] !== undefined, ...(described !== '' && { 'aria-describedby': described }) };
  };

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    // In the click: the browser allows the audio context and the permission question only in a gesture.
    if (values.sound) unlockAudio();
    let search = catalog.data;
    let symbolInput: SymbolInput;
    if (screenAlert) symbolInput = { ok: true, symbol: screenAlert.symbol };
    else {
      if (!search) {
        setBusy(true);
        try {
          search = await queryClient.query(catalogQueryOptions());
        } catch {
          setErrors({ symbol: t('The symbol catalogue could not be loaded, so the symbol cannot be checked. Try again.') });
          return;
        } finally {
          setBusy(false);
        }
      }
      const remembered = (symbol: string) =>
        (choice?.symbol === symbol ? choice.chosen : undefined) ??
        useAppStore.getState().symbolTypes[symbol] ??
        (symbol === request.symbol ? request.type : undefined);
      symbolInput = parseSymbolInput(values.symbol, [], search, remembered);
      setChoice(symbolInput.ok === 'choose' ? { symbol: symbolInput.symbol, types: symbolInput.types } : undefined);
    }
    const result = validateAlertForm(values, {
      symbol: symbolInput,
      now: clock.now(),
      lastPrice: keptBase ?? (last !== undefined ? Number(last) : undefined),
      priceDecimals: decimals,
      ...(offered && { offered }),
      ...(editing?.delivery && { current: editing.delivery }),
      ...(fixedCondition && { condition: fixedCondition }),
    });
    if (!result.ok) {
      setErrors(result.errors);
      const first = fieldOrder(values).find((field) => result.errors[field] !== undefined);
      if (first) form.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(first))}`)?.focus();
      return;
    }
    // The field shows the level saved: on the symbol's precision.
    if (result.draft.condition.kind === 'cross') set('level', roundedLevelText(values.level, decimals));
    // A type only where the catalogue lists the code under several (as the watchlist keeps them):
    // the alert then reads the same ticker query as the watchlist and the header.
    const { type, ...rest } = result.draft;
    const ambiguous = search !== undefined && new Set(search.lookup(result.draft.symbol).map((item) => item.type)).size > 1;
    // A screen alert's symbol is its screen's name, as written.
    const draft = screenAlert ? { ...rest, symbol: screenAlert.symbol } : ambiguous && type ? { ...rest, type } : rest;
    // An alert deleted meanwhile (on another device) is made again: nothing typed is lost.
    if (editing && edit(editing.id, draft)) {
      onClose();
      return;
    }
    // The store refuses past the most it keeps (it drops none to make room): the dialog says so.
    if (!add(draft)) {
      setErrors({ symbol: fullText() });
      return;
    }
    void askNotificationPermission();
    onClose();
  };

  return (
    <Modal label={t(editing ? 'Edit alert' : 'New alert')} onClose={onClose}>
      <form
        ref={form}
        noValidate
        onSubmit={(event) => {
          void submit(event);
        }}
        className="flex flex-col gap-3 p-4"
      >
        <h2 className="text-base font-semibold">{t(editing ? 'Edit alert' : 'New alert')}</h2>
        {!screenAlert && (
          <>
            <Field id={fieldId('symbol')} label={t('Symbol')} error={errors.symbol}>
              <input
                id={fieldId('symbol')}
                className={INPUT}
                value={values.symbol}
                autoComplete="off"
                spellCheck={false}
                onChange={(event) => {
                  set('symbol', event.target.value);
                }}
                {...invalid('symbol')}
              />
            </Field>
            {choice && choice.chosen === undefined && (
              <TypeChoice
                symbol={choice.symbol}
                types={choice.types}
                onChoose={(type) => {
                  setChoice({ ...choice, chosen: type });
                  setErrors((before) => ({ ...before, symbol: undefined }));
                }}
                className="flex flex-wrap items-center gap-2 text-sm"
              />
            )}
            <p className="-mt-2 text-xs text-slate-500 dark:text-slate-400" data-testid="alert-dialog-last">
              {lastShown !== undefined ? t('Last price {price}', { price: lastShown }) : quoted !== '' && ticker.isPending ? t('Loading the price…') : ' '}
            </p>
          </>
        )}
        {editing && fixedCondition ? (
          <div className="flex flex-col gap-1">
            <span className="text-xs font-medium text-slate-600 dark:text-slate-300">{t('Condition')}</span>
            <p className="text-sm" data-testid="alert-dialog-condition">
              {conditionText(editing)}
            </p>
          </div>
        ) : (
          <>
            <fieldset className="flex flex-wrap gap-4 text-sm">
              <legend className="sr-only">{t('Condition')}</legend>
              <label className="flex items-center gap-1">
                <input
                  type="radio"
                  name={fieldId('kind')}
                  checked={values.kind === 'cross'}
                  onChange={() => {
                    set('kind', 'cross');
                  }}
                />{' '}
                {t('Price crosses a level')}
              </label>
              <label className="flex items-center gap-1">
                <input
                  type="radio"
                  name={fieldId('kind')}
                  checked={values.kind === 'move'}
                  onChange={() => {
                    set('kind', 'move');
                  }}
                />{' '}
                {t('Moves by %')}
              </label>
              <label className="flex items-center gap-1">
                <input
                  type="radio"
                  name={fieldId('kind')}
                  checked={values.kind === 'dayMove'}
                  onChange={() => {
                    set('kind', 'dayMove');
                  }}
                />{' '}
                {t('Moves by % in the day')}
              </label>
              {(evaluates || values.kind === 'indicator') && (
                <label className="flex items-center gap-1">
                  <input
                    type="radio"
                    name={fieldId('kind')}
                    checked={values.kind === 'indicator'}
                    onChange={() => {
                      set('kind', 'indicator');
                    }}
                  />{' '}
                  {t('Indicator')}
                </label>
              )}
            </fieldset>
            {values.kind === 'indicator' ? (
              <IndicatorConditionFields
                values={values.indicator ?? defaultIndicatorValues(undefined)}
                errors={errors}
                fieldId={fieldId}
                invalid={(field) => invalid(field)}
                onChange={(indicator) => {
                  set('indicator', indicator);
                  setErrors((before) => followIndicatorErrors(before, indicator));
                }}
              />
            ) : values.kind === 'cross' ? (
              <DecimalField
                id={fieldId('level')}
                label={t('Price level')}
                error={errors.level}
                value={values.level}
                onChange={(level) => {
                  set('level', level);
                }}
                onBlur={() => {
                  setValues((before) => ({ ...before, level: roundedLevelText(before.level, decimals) }));
                }}
                invalid={invalid('level')}
              />
            ) : (
              <DecimalField
                id={fieldId('percent')}
                label={
                  values.kind === 'dayMove'
                    ? t('Move in % from the previous close')
                    : t('Move in % from {price}', { price: keptBase !== undefined ? priceText(keptBase) : (lastShown ?? t('the price now')) })
                }
                error={errors.percent}
                value={values.percent}
                onChange={(percent) => {
                  set('percent', percent);
                }}
                invalid={invalid('percent')}
              />
            )}
          </>
        )}
        <div className="grid grid-cols-2 gap-3">
          {values.kind !== 'indicator' && !screenAlert && (
            <Field id={fieldId('direction')} label={t('Direction')} error={undefined}>
              <select
                id={fieldId('direction')}
                className={INPUT}
                value={values.direction}
                onChange={(event) => {
                  set('direction', event.target.value as AlertFormValues['direction']);
                }}
              >
                <option value="up">{t(values.kind === 'cross' ? 'Crossing up' : 'Up')}</option>
                <option value="down">{t(values.kind === 'cross' ? 'Crossing down' : 'Down')}</option>
                <option value="either">{t('Either way')}</option>
              </select>
            </Field>
          )}
          <Field id={fieldId('repeat')} label={t('Fires')} error={undefined}>
            <select
              id={fieldId('repeat')}
              className={INPUT}
              value={values.repeat}
              onChange={(event) => {
                set('repeat', event.target.value as AlertFormValues['repeat']);
              }}
            >
              <option value="once">{t('Once')}</option>
              <option value="every">{t('Every time')}</option>
            </select>
          </Field>
        </div>
        {values.repeat === 'every' && (
          <DecimalField
            id={fieldId('cooldownMinutes')}
            label={t('Cooldown between triggers (minutes)')}
            error={errors.cooldownMinutes}
            value={values.cooldownMinutes}
            onChange={(minutes) => {
              set('cooldownMinutes', minutes);
            }}
            invalid={invalid('cooldownMinutes')}
          />
        )}
        <Field id={fieldId('expires')} label={t('Expires (optional)')} error={errors.expires}>
          <DateField
            id={fieldId('expires')}
            withTime
            className={INPUT}
            value={values.expires}
            onText={(text) => {
              set('expires', text);
            }}
            {...invalid('expires')}
          />
        </Field>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={values.sound}
            onChange={(event) => {
              set('sound', event.target.checked);
            }}
          />{' '}
          {t('Play a sound')}
        </label>
        {values.kind !== 'indicator' && !screenAlert && (
          <p className="text-xs text-slate-500 dark:text-slate-400">{t('Levels are live prices as quoted, not adjusted chart prices.')}</p>
        )}
        {offered && (
          <fieldset className="flex flex-col gap-3 border-t border-slate-200 pt-3 dark:border-slate-800" data-testid="alert-delivery">
            <legend className="sr-only">{t('Delivery')}</legend>
            <p aria-hidden="true" className="text-xs font-medium text-slate-600 dark:text-slate-300">
              {t('Delivery')}
            </p>
            {offered.push && (
              <div className="flex flex-col gap-1">
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={values.push}
                    aria-describedby={fieldId('push-hint')}
                    onChange={(event) => {
                      set('push', event.target.checked);
                    }}
                  />{' '}
                  {t('Notify my devices')}
                </label>
                <p id={fieldId('push-hint')} className={HINT}>
                  {t('Web Push to each device where “Notify this device” is on.')}
                </p>
              </div>
            )}
            {offered.webhooks && (
              <>
                <Field
                  id={fieldId('webhookUrl')}
                  label={t('Webhook URL (optional)')}
                  error={errors.webhookUrl}
                  hint={t('Posted as signed JSON, to the hosts this server allows.')}
                >
                  <input
                    id={fieldId('webhookUrl')}
                    type="url"
                    inputMode="url"
                    className={INPUT}
                    value={values.webhookUrl}
                    placeholder="https://"
                    autoComplete="off"
                    autoCapitalize="off"
                    spellCheck={false}
                    onChange={(event) => {
                      set('webhookUrl', event.target.value);
                    }}
                    {...invalid('webhookUrl', true)}
                  />
                </Field>
                <Field
                  id={fieldId('webhookTemplate')}
                  label={t('Message')}
                  error={errors.webhookTemplate}
                  hint={t('Fills in {placeholders}; left empty, it reads as shown.', { placeholders: WEBHOOK_PLACEHOLDERS.join(' ') })}
                >
                  <input
                    id={fieldId('webhookTemplate')}
                    className={INPUT}
                    value={values.webhookTemplate}
                    placeholder={DEFAULT_WEBHOOK_TEMPLATE}
                    autoComplete="off"
                    autoCapitalize="off"
                    spellCheck={false}
                    onChange={(event) => {
                      set('webhookTemplate', event.target.value);
                    }}
                    {...invalid('webhookTemplate', true)}
                  />
                </Field>
              </>
            )}
          </fieldset>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" onClick={onClose} className="rounded px-3 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
            {t('Cancel')}
          </button>
          <button type="submit" disabled={busy} className="rounded bg-sky-600 px-3 py-1 text-sm font-medium text-white hover:bg-sky-700 disabled:opacity-60">
            {t(busy ? 'Checking…' : editing ? 'Save alert' : 'Create alert')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
