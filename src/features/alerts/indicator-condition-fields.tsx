/**
 * The alert dialog's indicator condition, where the server evaluates the alerts: the interval,
 * the line (a price field or an indicator, grouped, with its parameters and which of its lines),
 * the operator, a level or another line (the same picker), when it is evaluated, and the
 * condition in words as it is typed. Native controls only: a phone's pickers, the keyboard's
 * arrows and type-ahead ("r" for RSI) work as everywhere. Values stay text (indicator-form.ts).
 */
import { INTERVALS } from '#shared/contract.ts';
import { CONDITION_OPERATORS, EVALUATION_MODES, PRICE_FIELDS } from '#shared/alerts/indicator-condition.ts';
import { OUTPUT_KEYS, outputLabel } from '#shared/alerts/indicator-condition-outputs.ts';
import { indicatorName } from '#shared/indicators/names.ts';
import { t } from '../../i18n/t';
import { kindSpec } from '../../lib/indicator-catalog';
import type { AlertField, FieldErrors } from './alert-form';
import { DecimalField, Field, HINT, INPUT, LABEL, type InvalidProps } from './dialog-field';
import {
  EVALUATION_WORDS,
  isIndicatorKind,
  isInterval,
  isLinePick,
  KIND_GROUPS,
  OPERATOR_WORDS,
  outputOf,
  paramSpecs,
  paramText,
  previewText,
  PRICE_FIELD_WORDS,
  withOutput,
  withParam,
  type IndicatorValues,
  type LineSide,
  type LineValues,
} from './indicator-form';

type Invalid = (field: AlertField) => InvalidProps;

interface LineProps {
  side: LineSide;
  label: string;
  line: LineValues;
  errors: FieldErrors;
  fieldId: (field: string) => string;
  invalid: Invalid;
  onChange: (line: LineValues) => void;
}

/** A line: the picker, the indicator's parameters, and which of its lines when it has several. */
function LinePicker({ side, label, line, errors, fieldId, invalid, onChange }: LineProps) {
  const { pick } = line;
  const kind = isIndicatorKind(pick) ? pick : undefined;
  const outputs = kind === undefined ? [] : OUTPUT_KEYS[kind];
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="sr-only">{label}</legend>
      <Field id={fieldId(side)} label={label} error={errors[side]}>
        <select
          id={fieldId(side)}
          className={INPUT}
          value={pick}
          onChange={(event) => {
            if (isLinePick(event.target.value)) onChange({ ...line, pick: event.target.value });
          }}
          {...invalid(side)}
        >
          <optgroup label={t('Price')}>
            {PRICE_FIELDS.map((field) => (
              <option key={field} value={field}>
                {t(PRICE_FIELD_WORDS[field])}
              </option>
            ))}
          </optgroup>
          {KIND_GROUPS.map((group) => (
            <optgroup key={group.label} label={t(group.label)}>
              {group.kinds.map((each) => (
                <option key={each} value={each}>
                  {`${indicatorName(each)} · ${t(kindSpec(each).title)}`}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </Field>
      {kind !== undefined && (paramSpecs(kind).length > 0 || outputs.length > 1) && (
        <div className="grid grid-cols-2 gap-3">
          {paramSpecs(kind).map((spec) => {
            const field: AlertField = `${side}.params.${spec.key}`;
            return (
              <Field key={spec.key} id={fieldId(field)} label={t(spec.label)} error={errors[field]}>
                <input
                  id={fieldId(field)}
                  className={INPUT}
                  inputMode={spec.step === undefined ? 'numeric' : 'decimal'}
                  autoComplete="off"
                  value={paramText(line, kind, spec.key)}
                  onChange={(event) => {
                    onChange(withParam(line, kind, spec.key, event.target.value));
                  }}
                  {...invalid(field)}
                />
              </Field>
            );
          })}
          {outputs.length > 1 && (
            <Field id={fieldId(`${side}.output`)} label={t('{name} line', { name: indicatorName(kind) })} error={errors[`${side}.output`]}>
              <select
                id={fieldId(`${side}.output`)}
                className={INPUT}
                value={outputOf(line, kind)}
                onChange={(event) => {
                  onChange(withOutput(line, kind, event.target.value));
                }}
                {...invalid(`${side}.output`)}
              >
                {outputs.map((output) => (
                  <option key={output} value={output}>
                    {outputLabel(kind, output) ?? output}
                  </option>
                ))}
              </select>
            </Field>
          )}
        </div>
      )}
    </fieldset>
  );
}

interface FieldsProps {
  values: IndicatorValues;
  errors: FieldErrors;
  fieldId: (field: string) => string;
  invalid: Invalid;
  onChange: (values: IndicatorValues) => void;
}

export function IndicatorConditionFields({ values, errors, fieldId, invalid, onChange }: FieldsProps) {
  const set = <K extends keyof IndicatorValues>(key: K, value: IndicatorValues[K]) => {
    onChange({ ...values, [key]: value });
  };
  const lineProps = { errors, fieldId, invalid };
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <Field id={fieldId('interval')} label={t('Interval')} error={errors.interval}>
          <select
            id={fieldId('interval')}
            className={INPUT}
            value={values.interval}
            onChange={(event) => {
              if (isInterval(event.target.value)) set('interval', event.target.value);
            }}
            {...invalid('interval')}
          >
            {INTERVALS.map((interval) => (
              <option key={interval} value={interval}>
                {interval}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <LinePicker
        side="line"
        label={t('Line')}
        line={values.line}
        {...lineProps}
        onChange={(line) => {
          set('line', line);
        }}
      />
      <Field id={fieldId('operator')} label={t('Operator')} error={errors.operator}>
        <select
          id={fieldId('operator')}
          className={INPUT}
          value={values.operator}
          onChange={(event) => {
            set('operator', event.target.value as IndicatorValues['operator']);
          }}
          {...invalid('operator')}
        >
          {CONDITION_OPERATORS.map((operator) => (
            <option key={operator} value={operator}>
              {t(OPERATOR_WORDS[operator])}
            </option>
          ))}
        </select>
      </Field>
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className={`${LABEL} mb-1`}>{t('Compared with')}</legend>
        {(['level', 'line'] as const).map((against) => (
          <label key={against} className="flex items-center gap-1">
            <input
              type="radio"
              name={fieldId('against')}
              checked={values.against === against}
              onChange={() => {
                set('against', against);
              }}
            />{' '}
            {t(against === 'level' ? 'A level' : 'Another line')}
          </label>
        ))}
      </fieldset>
      {values.against === 'level' ? (
        <DecimalField
          id={fieldId('against.value')}
          label={t('Level')}
          error={errors['against.value']}
          value={values.level}
          onChange={(level) => {
            set('level', level);
          }}
          invalid={invalid('against.value')}
        />
      ) : (
        <LinePicker
          side="against.line"
          label={t('Other line')}
          line={values.other}
          {...lineProps}
          onChange={(line) => {
            set('other', line);
          }}
        />
      )}
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className={`${LABEL} mb-1`}>{t('Evaluate')}</legend>
        {EVALUATION_MODES.map((mode) => (
          <label key={mode} className="flex items-center gap-1">
            <input
              type="radio"
              name={fieldId('on')}
              checked={values.on === mode}
              onChange={() => {
                set('on', mode);
              }}
            />{' '}
            {t(EVALUATION_WORDS[mode])}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col gap-1">
        <span className={LABEL}>{t('Preview')}</span>
        <p className="text-sm" data-testid="alert-dialog-preview" aria-live="polite">
          {previewText(values)}
        </p>
        <p className={HINT}>{t('The server evaluates it on the interval’s bars, with Chartroom closed too.')}</p>
      </div>
    </>
  );
}
