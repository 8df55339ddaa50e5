/**
 * The screen editor: the universe (market and type), a preset to start from, and the conditions,
 * joined by all (and) or any (or), with groups of their own (one level in this editor; a linked
 * screen's deeper groups are shown and edited alike). Every keystroke changes the draft at once
 * (a zustand store, synchronously), so nothing typed is lost however fast it comes; a field's
 * problem shows under it, and the results keep the last good screen meanwhile.
 */
import { MARKETS, type Market, type ProductType } from '#shared/contract.ts';
import { presetScreen, SCREEN_PRESETS, type ScreenPreset } from '#shared/screener/screen-presets.ts';
import { typeName } from '../../components/ui/type-name';
import { t } from '../../i18n/t';
import { ConditionFields, INPUT_CLASS } from './condition-fields';
import {
  addNode,
  isMarket,
  isProductType,
  LEAF_KINDS,
  newGroup,
  newLeaf,
  removeNode,
  setGroupJoin,
  setLeafField,
  setLeafKind,
  setUniverse,
  TYPES_OF_MARKET,
  type DraftNode,
  type DraftProblems,
  type LeafKind,
  type ScreenDraft,
} from './screen-draft';
import { useScreenerStore } from './screener-store';
import { inputName, kindName, marketName, presetName } from './screen-words';

const BUTTON =
  'h-7 rounded border border-slate-300 px-2 text-xs text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-500 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800';

const isLeafKind = (value: string): value is LeafKind => (LEAF_KINDS as readonly string[]).includes(value);
const isPreset = (value: string): value is ScreenPreset => (SCREEN_PRESETS as readonly string[]).includes(value);

function JoinChoice({ id, join, onJoin, label }: { id: string; join: 'and' | 'or'; onJoin: (join: 'and' | 'or') => void; label: string }) {
  return (
    <label htmlFor={id} className="flex items-center gap-1 text-xs text-slate-600 dark:text-slate-300">
      {label}
      <select
        id={id}
        value={join}
        onChange={(event) => {
          onJoin(event.target.value === 'or' ? 'or' : 'and');
        }}
        className={INPUT_CLASS}
      >
        <option value="and">{t('all of (and)')}</option>
        <option value="or">{t('any of (or)')}</option>
      </select>
    </label>
  );
}

interface NodeListProps {
  items: readonly DraftNode[];
  problems: DraftProblems;
  depth: number;
}

function NodeList({ items, problems, depth }: NodeListProps) {
  const edit = useScreenerStore((state) => state.edit);
  return (
    <ul className="flex flex-col gap-1.5">
      {items.map((node) => (
        <li key={node.id}>
          {node.kind === 'group' ? (
            <fieldset data-testid="screen-group" className="rounded border border-dashed border-slate-300 p-2 dark:border-slate-600">
              <legend className="px-1">
                <JoinChoice
                  id={`${node.id}-join`}
                  join={node.join}
                  label={t('Group: match')}
                  onJoin={(join) => {
                    edit((draft) => setGroupJoin(draft, node.id, join));
                  }}
                />
              </legend>
              <NodeList items={node.items} problems={problems} depth={depth + 1} />
              {problems[node.id]?.[''] !== undefined && <p className="mt-1 text-[11px] text-red-600 dark:text-red-400">{problems[node.id]?.['']}</p>}
              <div className="mt-1.5 flex gap-1.5">
                <button
                  type="button"
                  className={BUTTON}
                  onClick={() => {
                    edit((draft) => addNode(draft, newLeaf('field'), node.id));
                  }}
                >
                  {t('Add condition to group')}
                </button>
                <button
                  type="button"
                  className={BUTTON}
                  onClick={() => {
                    edit((draft) => removeNode(draft, node.id));
                  }}
                >
                  {t('Remove group')}
                </button>
              </div>
            </fieldset>
          ) : (
            <div data-testid="screen-condition" className="flex flex-wrap items-start gap-1.5 rounded bg-slate-50 p-1.5 dark:bg-slate-800/60">
              <div className="flex flex-col gap-0.5">
                <label htmlFor={`${node.id}-kind`} className="text-[11px] text-slate-500 dark:text-slate-400">
                  {t('Condition')}
                </label>
                <select
                  id={`${node.id}-kind`}
                  value={node.kind}
                  onChange={(event) => {
                    const kind = event.target.value;
                    if (isLeafKind(kind)) edit((draft) => setLeafKind(draft, node.id, kind));
                  }}
                  className={INPUT_CLASS}
                >
                  {LEAF_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {kindName(kind)}
                    </option>
                  ))}
                </select>
              </div>
              <ConditionFields
                leaf={node}
                problems={problems[node.id]}
                onField={(name, value) => {
                  edit((draft) => setLeafField(draft, node.id, name, value));
                }}
              />
              <button
                type="button"
                aria-label={t('Remove condition')}
                title={t('Remove condition')}
                className={`${BUTTON} mt-4 px-1.5`}
                onClick={() => {
                  edit((draft) => removeNode(draft, node.id));
                }}
              >
                <span aria-hidden="true">✕</span>
              </button>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

interface ScreenEditorProps {
  draft: ScreenDraft;
  problems: DraftProblems;
  general: readonly string[];
}

export function ScreenEditor({ draft, problems, general }: ScreenEditorProps) {
  const edit = useScreenerStore((state) => state.edit);
  const open = useScreenerStore((state) => state.open);
  const limitProblem = problems.limit?.limit;
  const typeProblem = problems.universe?.type;
  return (
    <form
      aria-label={t('Screen')}
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-0.5 text-[11px] text-slate-500 dark:text-slate-400">
          {t('Start from a preset')}
          <select
            data-testid="screen-preset"
            value=""
            onChange={(event) => {
              const preset = event.target.value;
              if (isPreset(preset)) open(presetScreen(preset, { market: draft.market, type: draft.type }), presetName(preset));
            }}
            className={INPUT_CLASS}
          >
            <option value="">{t('Choose…')}</option>
            {SCREEN_PRESETS.map((preset) => (
              <option key={preset} value={preset}>
                {presetName(preset)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-0.5 text-[11px] text-slate-500 dark:text-slate-400">
          {t('Market')}
          <select
            value={draft.market}
            onChange={(event) => {
              const market = event.target.value;
              if (isMarket(market)) edit((current) => setUniverse(current, market, current.type));
            }}
            className={INPUT_CLASS}
          >
            {MARKETS.map((market: Market) => (
              <option key={market} value={market}>
                {marketName(market)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-0.5 text-[11px] text-slate-500 dark:text-slate-400">
          {t('Type')}
          <select
            value={draft.type}
            aria-invalid={typeProblem !== undefined}
            onChange={(event) => {
              const type = event.target.value;
              if (isProductType(type)) edit((current) => setUniverse(current, current.market, type));
            }}
            className={INPUT_CLASS}
          >
            {TYPES_OF_MARKET[draft.market].map((type: ProductType) => (
              <option key={type} value={type}>
                {typeName(type)}
              </option>
            ))}
          </select>
          {typeProblem !== undefined && <span className="text-red-600 dark:text-red-400">{typeProblem}</span>}
        </label>
        <div className="flex flex-col gap-0.5">
          <label htmlFor="screen-limit" className="text-[11px] text-slate-500 dark:text-slate-400">
            {inputName('limit')}
          </label>
          <input
            id="screen-limit"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={draft.limit}
            placeholder={t('all')}
            aria-invalid={limitProblem !== undefined}
            aria-describedby={limitProblem !== undefined ? 'screen-limit-problem' : undefined}
            onChange={(event) => {
              const limit = event.target.value;
              edit((current) => ({ ...current, limit }));
            }}
            className={`${INPUT_CLASS} w-20`}
          />
          {limitProblem !== undefined && (
            <p id="screen-limit-problem" data-testid="screen-field-problem" className="max-w-56 text-[11px] leading-tight text-red-600 dark:text-red-400">
              {limitProblem}
            </p>
          )}
        </div>
      </div>
      <JoinChoice
        id="screen-join"
        join={draft.join}
        label={t('Symbols matching')}
        onJoin={(join) => {
          edit((current) => setGroupJoin(current, undefined, join));
        }}
      />
      {draft.items.length === 0 ? (
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('No conditions: every symbol of the market is listed.')}</p>
      ) : (
        <NodeList items={draft.items} problems={problems} depth={0} />
      )}
      {general.length > 0 && (
        <ul role="alert" className="text-[11px] text-red-600 dark:text-red-400">
          {general.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-1.5">
        <button
          type="button"
          className={BUTTON}
          onClick={() => {
            edit((current) => addNode(current, newLeaf('field')));
          }}
        >
          {t('Add condition')}
        </button>
        <button
          type="button"
          className={BUTTON}
          onClick={() => {
            edit((current) => addNode(current, newGroup('or')));
          }}
        >
          {t('Add “or” group')}
        </button>
      </div>
    </form>
  );
}
