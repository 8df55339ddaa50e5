/**
 * "New alert": symbol, a level to cross (or a move of N % from the current price), the direction,
 * once or every time (cooldown), an expiry and a sound. Opened from the Alerts panel, a watchlist
 * row (through the seam in src/components/alert-opener.ts) or the chart's "alert here"; its code
 * is in the same chunk as those triggers, so it is on screen in the frame after the click and
 * takes every keystroke. Bad values get a message beside their field.
 */
import { t } from '../../i18n/t';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { createPortal } from 'react-dom';
import type { AlertRequest } from '../../components/alert-opener';
import { parseSymbolInput } from '../../lib/symbol-input';
import { useAppServices } from '../../queries/app-services-context';
import { catalogQueryOptions, useCatalog } from '../../queries/use-catalog';
import { useTicker } from '../../queries/use-ticker';
import { useAppStore } from '../../store/app-store';
import { TypeChoice } from '../../components/ui/type-choice';
import type { ProductType } from '#shared/contract.ts';
import { validateAlertForm, type AlertField, type AlertFormValues, type FieldErrors } from './alert-form';
import { fullText, priceText } from './alert-text';
import { useAlertsStore } from './alerts-store';
import { unlockAudio } from './beep';
import { useAlertDialog } from './dialog-state';
import { Modal } from '../../components/ui/modal';
import { askNotificationPermission } from './notify';

const INPUT = 'w-full rounded border border-slate-300 bg-white px-2 py-1 text-sm aria-invalid:border-red-500 dark:border-slate-700 dark:bg-slate-950';
const FIELD_ORDER: AlertField[] = ['symbol', 'level', 'percent', 'cooldownMinutes', 'expires'];

function initialValues(request: AlertRequest): AlertFormValues {
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
  };
}

export function AlertDialogHost() {
  const request = useAlertDialog((state) => state.request);
  const serial = useAlertDialog((state) => state.serial);
  const close = useAlertDialog((state) => state.close);
  if (!request) return null;
  // On the page itself, not in the Markets column that holds the runtime: a phone hides that
  // column on its other screens, and the dialog with it.
  return createPortal(<AlertDialog key={serial} request={request} onClose={close} />, document.body);
}

function Field({ id, label, error, children }: { id: string; label: string; error: string | undefined; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-600 dark:text-slate-300">
        {label}
      </label>
      {children}
      {error !== undefined && (
        <p id={`${id}-error`} className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

function AlertDialog({ request, onClose }: { request: AlertRequest; onClose: () => void }) {
  const id = useId();
  const [values, setValues] = useState(() => initialValues(request));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  /** An ambiguous symbol (BTCUSD: crypto or forex) asks which; the answer, once given. */
  const [choice, setChoice] = useState<{ symbol: string; types: ProductType[]; chosen?: ProductType } | undefined>(undefined);
  const form = useRef<HTMLFormElement>(null);
  // The field to type in first: the level when the symbol is given, else the symbol. Focused as
  // the dialog mounts, in the frame after the click that opened it.
  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>(`#${CSS.escape(`${id}-${request.symbol === '' ? 'symbol' : 'level'}`)}`)?.focus();
  }, [id, request.symbol]);
  const queryClient = useQueryClient();
  const { clock } = useAppServices();
  const catalog = useCatalog(true);
  const add = useAlertsStore((state) => state.add);

  // The quote of the symbol as typed, once the catalogue knows it: the dialog shows the last price
  // and a move alert is measured from it.
  const known = catalog.data?.lookup(values.symbol)[0];
  const quoted = known?.symbol ?? (values.symbol.trim() === request.symbol ? request.symbol : '');
  const quotedType = known ? (useAppStore.getState().symbolTypes[known.symbol] ?? known.type) : request.type;
  const ticker = useTicker(quoted, quotedType);
  const last = ticker.data?.last_price;

  const set = <K extends keyof AlertFormValues>(key: K, value: AlertFormValues[K]) => {
    setValues((before) => ({ ...before, [key]: value }));
  };
  const fieldId = (field: string) => `${id}-${field}`;
  const invalid = (field: AlertField) => ({
    'aria-invalid': errors[field] !== undefined,
    ...(errors[field] !== undefined && { 'aria-describedby': `${fieldId(field)}-error` }),
  });

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    // In the click: the browser allows the audio context and the permission question only in a gesture.
    if (values.sound) unlockAudio();
    let search = catalog.data;
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
    const symbolInput = parseSymbolInput(values.symbol, [], search, remembered);
    setChoice(symbolInput.ok === 'choose' ? { symbol: symbolInput.symbol, types: symbolInput.types } : undefined);
    const result = validateAlertForm(values, {
      symbol: symbolInput,
      now: clock.now(),
      lastPrice: last !== undefined ? Number(last) : undefined,
    });
    if (!result.ok) {
      setErrors(result.errors);
      const first = FIELD_ORDER.find((field) => result.errors[field] !== undefined);
      if (first) form.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(first))}`)?.focus();
      return;
    }
    // A type only where the catalogue lists the code under several (as the watchlist keeps them):
    // the alert then reads the same ticker query as the watchlist and the header.
    const { type, ...rest } = result.draft;
    const ambiguous = new Set(search.lookup(result.draft.symbol).map((item) => item.type)).size > 1;
    // The store refuses past the most it keeps (it drops none to make room): the dialog says so.
    if (!add(ambiguous && type ? { ...rest, type } : rest)) {
      setErrors({ symbol: fullText() });
      return;
    }
    void askNotificationPermission();
    onClose();
  };

  return (
    <Modal label={t('New alert')} onClose={onClose}>
      <form
        ref={form}
        noValidate
        onSubmit={(event) => {
          void submit(event);
        }}
        className="flex flex-col gap-3 p-4"
      >
        <h2 className="text-base font-semibold">{t('New alert')}</h2>
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
          {last !== undefined ? t('Last price {price}', { price: last }) : quoted !== '' && ticker.isPending ? t('Loading the price…') : ' '}
        </p>
        <fieldset className="flex gap-4 text-sm">
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
        </fieldset>
        {values.kind === 'cross' ? (
          <Field id={fieldId('level')} label={t('Price level')} error={errors.level}>
            <input
              id={fieldId('level')}
              className={INPUT}
              inputMode="decimal"
              autoComplete="off"
              value={values.level}
              onChange={(event) => {
                set('level', event.target.value);
              }}
              {...invalid('level')}
            />
          </Field>
        ) : (
          <Field id={fieldId('percent')} label={t('Move in % from {price}', { price: last ?? t('the price now') })} error={errors.percent}>
            <input
              id={fieldId('percent')}
              className={INPUT}
              inputMode="decimal"
              autoComplete="off"
              value={values.percent}
              onChange={(event) => {
                set('percent', event.target.value);
              }}
              {...invalid('percent')}
            />
          </Field>
        )}
        <div className="grid grid-cols-2 gap-3">
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
          <Field id={fieldId('cooldownMinutes')} label={t('Cooldown between triggers (minutes)')} error={errors.cooldownMinutes}>
            <input
              id={fieldId('cooldownMinutes')}
              className={INPUT}
              inputMode="decimal"
              value={values.cooldownMinutes}
              onChange={(event) => {
                set('cooldownMinutes', event.target.value);
              }}
              {...invalid('cooldownMinutes')}
            />
          </Field>
        )}
        <Field id={fieldId('expires')} label={t('Expires (optional)')} error={errors.expires}>
          <input
            id={fieldId('expires')}
            type="datetime-local"
            className={INPUT}
            value={values.expires}
            onChange={(event) => {
              set('expires', event.target.value);
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
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('Levels are live prices as quoted, not adjusted chart prices.')}</p>
        <div className="flex justify-end gap-2">
          <button type="button" onClick={onClose} className="rounded px-3 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
            {t('Cancel')}
          </button>
          <button type="submit" disabled={busy} className="rounded bg-sky-600 px-3 py-1 text-sm font-medium text-white hover:bg-sky-700 disabled:opacity-60">
            {t(busy ? 'Checking…' : 'Create alert')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
