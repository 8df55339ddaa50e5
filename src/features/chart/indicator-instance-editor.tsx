/**
 * One indicator of the chart in the picker: its parameters (applied as soon as they are valid,
 * held to the kind's limits), a colour per line, its pane, and Remove.
 */
import { hexColour } from '../../lib/hex-colour';
import { kindSpec, paramsFor } from '../../lib/indicator-catalog';
import { t } from '../../i18n/t';
import type { IndicatorInstance } from '../../store/preferences-slice';
import { instanceLabel } from './indicator-data';
import { IndicatorParamField } from './indicator-param-field';

/** A line's colour while its indicator's code loads. */
const UNSET_COLOUR = '#94a3b8';

interface EditorProps {
  instance: IndicatorInstance;
  /** Each line's colour on the chart now (the theme's until the user picks one); absent while its code loads. */
  shown: readonly string[] | undefined;
  onChange: (instance: IndicatorInstance) => void;
  onRemove: () => void;
}

export function IndicatorInstanceEditor({ instance, shown, onChange, onRemove }: EditorProps) {
  const spec = kindSpec(instance.kind);
  const label = instanceLabel(instance);
  const params = paramsFor(instance.kind, instance.params);
  return (
    <li className="flex flex-col gap-1 border-b border-slate-200 py-2 dark:border-slate-700" data-testid={`indicator-${instance.id}`}>
      <div className="flex items-center justify-between gap-2">
        <span className="font-medium">{label}</span>
        <button type="button" onClick={onRemove} className="rounded px-2 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800">
          {t('Remove {name}', { name: label })}
        </button>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {spec.params.map((param) => (
          <IndicatorParamField
            key={param.key}
            label={t(param.label)}
            param={param}
            value={params[param.key] ?? param.min}
            onApply={(value) => {
              onChange({ ...instance, params: paramsFor(instance.kind, { ...params, [param.key]: value }) });
            }}
          />
        ))}
        {spec.lines.map((line, o) => (
          <input
            key={line}
            type="color"
            aria-label={t('Colour of {name}', { name: spec.lines.length > 1 ? `${label} ${line}` : label })}
            value={hexColour(instance.colours?.[o] ?? shown?.[o] ?? UNSET_COLOUR, UNSET_COLOUR)}
            onChange={(event) => {
              // The other lines keep the colours they show.
              const colours = spec.lines.map((_, i) => instance.colours?.[i] ?? shown?.[i] ?? UNSET_COLOUR);
              colours[o] = event.target.value;
              onChange({ ...instance, colours });
            }}
            className="h-5 w-6 cursor-pointer bg-transparent"
          />
        ))}
        {spec.pane !== 'volume' && (
          <select
            aria-label={t('Pane of {name}', { name: label })}
            value={instance.pane ?? (spec.pane === 'own' ? 'own' : 'price')}
            onChange={(event) => {
              onChange({ ...instance, pane: event.target.value === 'own' ? 'own' : 'price' });
            }}
            className="rounded border border-slate-300 bg-transparent dark:border-slate-600"
          >
            <option value="price">{t('Over the price')}</option>
            <option value="own">{t('Own pane')}</option>
          </select>
        )}
      </div>
    </li>
  );
}
