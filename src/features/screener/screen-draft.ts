/**
 * The screen editor's state: a screen as the user types it. Every number is kept as the text typed
 * (so "1." or "-" is never lost to parsing while a key follows), and each node has an id for React.
 * `readDraft` turns a draft into a Screen, or names each field's problem where the field is
 * (`problems[nodeId][field]`), in the page's language; a screen it makes is checked once more by
 * screenSchema (shared/screener/screen-schema.ts), as a saved or linked screen is.
 */
import { MARKETS, PRODUCT_TYPES, type Market, type ProductType } from '#shared/contract.ts';
import { oneOf } from '#shared/one-of.ts';
import {
  SCREEN_FIELDS,
  type ConditionGroup,
  type LeafCondition,
  type Screen,
  type ScreenCondition,
  type ScreenField,
  type ScreenSort,
} from '#shared/screener/screen-model.ts';
import { MAX_LIMIT, MAX_PERIOD, screenProblems } from '#shared/screener/screen-schema.ts';
import { t } from '../../i18n/t';

export type LeafKind = LeafCondition['kind'];
export const LEAF_KINDS: readonly LeafKind[] = ['field', 'rsi', 'price-ma', 'ma-cross', 'macd-cross', 'new-extreme', 'volume-ratio', 'atr-percent', 'board'];

/** A condition as typed: every input's text (selects' values too), by the condition's field names. */
export interface DraftLeaf {
  id: string;
  kind: LeafKind;
  fields: Readonly<Record<string, string>>;
}

export interface DraftGroup {
  id: string;
  kind: 'group';
  join: 'and' | 'or';
  items: readonly DraftNode[];
}

export type DraftNode = DraftLeaf | DraftGroup;

export interface ScreenDraft {
  market: Market;
  type: ProductType;
  join: 'and' | 'or';
  items: readonly DraftNode[];
  sort: ScreenSort;
  /** At most this many rows ('' for every match). */
  limit: string;
}

/** Where each product type trades, as screen-schema.ts has it. */
export const TYPES_OF_MARKET: Readonly<Record<Market, readonly ProductType[]>> = {
  US: ['stock', 'indices'],
  HK: ['stock', 'indices'],
  CN: ['stock', 'indices', 'futures'],
  GLOBAL: ['crypto', 'forex', 'indices'],
};

let nextId = 0;
export function draftId(): string {
  nextId += 1;
  return `n${String(nextId)}`;
}

/** A new condition of `kind` with sensible values (RSI 14 below 30, MA 50 crossing 200 up, …). */
export function newLeaf(kind: LeafKind): DraftLeaf {
  const defaults: Record<LeafKind, Record<string, string>> = {
    field: { field: 'change-percent', op: 'above', value: '0', min: '', max: '' },
    board: { boards: '' },
    rsi: { period: '14', op: 'below', value: '30' },
    'price-ma': { period: '50', op: 'above' },
    'ma-cross': { fast: '50', slow: '200', direction: 'up', within: '5' },
    'macd-cross': { fast: '12', slow: '26', signal: '9', direction: 'up', within: '3' },
    'new-extreme': { side: 'high', days: '52w' },
    'volume-ratio': { period: '20', min: '2' },
    'atr-percent': { period: '14', op: 'above', value: '3' },
  };
  return { id: draftId(), kind, fields: defaults[kind] };
}

export function newGroup(join: 'and' | 'or' = 'or'): DraftGroup {
  return { id: draftId(), kind: 'group', join, items: [newLeaf('field')] };
}

const text = (value: number): string => String(value);

function leafDraft(condition: LeafCondition): DraftLeaf {
  const id = draftId();
  switch (condition.kind) {
    case 'field': {
      const { compare } = condition;
      return {
        id,
        kind: 'field',
        fields:
          compare.op === 'between'
            ? { field: condition.field, op: 'between', value: '', min: text(compare.min), max: text(compare.max) }
            : { field: condition.field, op: compare.op, value: text(compare.value), min: '', max: '' },
      };
    }
    case 'board':
      return { id, kind: 'board', fields: { boards: condition.boards.join(', ') } };
    case 'rsi':
      return { id, kind: 'rsi', fields: { period: text(condition.period), op: condition.op, value: text(condition.value) } };
    case 'price-ma':
      return { id, kind: 'price-ma', fields: { period: text(condition.period), op: condition.op } };
    case 'ma-cross':
      return {
        id,
        kind: 'ma-cross',
        fields: { fast: text(condition.fast), slow: text(condition.slow), direction: condition.direction, within: text(condition.within) },
      };
    case 'macd-cross':
      return {
        id,
        kind: 'macd-cross',
        fields: {
          fast: text(condition.fast),
          slow: text(condition.slow),
          signal: text(condition.signal),
          direction: condition.direction,
          within: text(condition.within),
        },
      };
    case 'new-extreme':
      return { id, kind: 'new-extreme', fields: { side: condition.side, days: condition.days === '52w' ? '52w' : text(condition.days) } };
    case 'volume-ratio':
      return { id, kind: 'volume-ratio', fields: { period: text(condition.period), min: text(condition.min) } };
    case 'atr-percent':
      return { id, kind: 'atr-percent', fields: { period: text(condition.period), op: condition.op, value: text(condition.value) } };
  }
}

function nodeDraft(condition: ScreenCondition): DraftNode {
  if (condition.kind !== 'group') return leafDraft(condition);
  return { id: draftId(), kind: 'group', join: condition.join, items: condition.conditions.map(nodeDraft) };
}

/** A (valid) screen as the editor shows it. */
export function draftOf(screen: Screen): ScreenDraft {
  return {
    market: screen.universe.market,
    type: screen.universe.type,
    join: screen.where.join,
    items: screen.where.conditions.map(nodeDraft),
    sort: screen.sort,
    limit: screen.limit === undefined ? '' : text(screen.limit),
  };
}

/** Problems by node id, then by field name ('' for the condition as a whole). */
export type DraftProblems = Readonly<Record<string, Readonly<Record<string, string>>>>;

export type DraftReading = { screen: Screen; problems?: undefined } | { screen?: undefined; problems: DraftProblems; general: string[] };

/** A field's name as the messages say it. */
export type FieldLabel = (field: string) => string;

/** A plain decimal number: "12", "-3.5", ".5"; no exponent, no grouping (a paste of "1,000" is refused, not misread). */
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)$/;

class LeafReader {
  readonly problems: Record<string, string> = {};
  constructor(
    private readonly leaf: DraftLeaf,
    private readonly label: FieldLabel,
  ) {}

  raw(name: string): string {
    return (this.leaf.fields[name] ?? '').trim();
  }

  choice<T extends string>(name: string, allowed: readonly T[]): T {
    const value = oneOf(allowed, this.raw(name));
    if (value === undefined) this.problems[name] = t('Choose one of the list.');
    return value ?? (allowed[0] as T);
  }

  whole(name: string, min: number, max: number): number {
    const raw = this.raw(name);
    const param = this.label(name);
    if (raw === '') {
      this.problems[name] = t('{param}: enter a whole number from {min} to {max}.', { param, min, max });
      return min;
    }
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isInteger(value) || value < min || value > max) {
      this.problems[name] = t('{param} must be a whole number from {min} to {max}, not “{text}”.', { param, min, max, text: raw.slice(0, 24) });
      return min;
    }
    return value;
  }

  number(name: string, min = -Infinity, max = Infinity): number {
    const raw = this.raw(name);
    const param = this.label(name);
    const bounded = Number.isFinite(min) && Number.isFinite(max);
    if (raw === '') {
      this.problems[name] = bounded ? t('{param}: enter a number from {min} to {max}.', { param, min, max }) : t('{param}: enter a number, like 5.', { param });
      return 0;
    }
    const value = Number(raw);
    if (!NUMBER.test(raw) || !Number.isFinite(value)) {
      this.problems[name] = bounded
        ? t('{param} must be a number from {min} to {max}, not “{text}”.', { param, min, max, text: raw.slice(0, 24) })
        : t('{param} must be a number, not “{text}”.', { param, text: raw.slice(0, 24) });
      return 0;
    }
    if (value < min || value > max) {
      this.problems[name] = t('{param} must be a number from {min} to {max}, not “{text}”.', { param, min, max, text: raw.slice(0, 24) });
      return 0;
    }
    return value;
  }

  /** A problem of two fields together, shown at `name`. */
  both(name: string, problem: string | undefined): void {
    if (problem !== undefined && this.problems[name] === undefined) this.problems[name] = problem;
  }
}

const SIDES = ['above', 'below'] as const;
const DIRECTIONS = ['up', 'down'] as const;

function readLeaf(leaf: DraftLeaf, label: FieldLabel): { condition: LeafCondition; problems: Record<string, string> } {
  const read = new LeafReader(leaf, label);
  const condition = ((): LeafCondition => {
    switch (leaf.kind) {
      case 'field': {
        const field: ScreenField = read.choice('field', SCREEN_FIELDS);
        const op = read.choice('op', ['above', 'below', 'between'] as const);
        if (op !== 'between') return { kind: 'field', field, compare: { op, value: read.number('value') } };
        const min = read.number('min');
        const max = read.number('max');
        if (read.problems.min === undefined && read.problems.max === undefined && min > max) read.both('max', t('The upper end is below the lower end.'));
        return { kind: 'field', field, compare: { op, min, max } };
      }
      case 'board': {
        const boards = read
          .raw('boards')
          .split(/[,，]/)
          .map((board) => board.trim())
          .filter((board) => board !== '');
        if (boards.length === 0) read.both('boards', t('Enter one or more boards, separated by commas.'));
        else if (boards.some((board) => board.length > 40)) read.both('boards', t('A board’s name is at most 40 characters.'));
        else if (boards.length > 50) read.both('boards', t('At most 50 boards.'));
        return { kind: 'board', boards };
      }
      case 'rsi':
        return { kind: 'rsi', period: read.whole('period', 1, MAX_PERIOD), op: read.choice('op', SIDES), value: read.number('value', 0, 100) };
      case 'price-ma':
        return { kind: 'price-ma', period: read.whole('period', 1, MAX_PERIOD), op: read.choice('op', SIDES) };
      case 'ma-cross': {
        const fast = read.whole('fast', 1, MAX_PERIOD);
        const slow = read.whole('slow', 1, MAX_PERIOD);
        if (read.problems.fast === undefined && read.problems.slow === undefined && fast === slow)
          read.both('slow', t('The two averages are the same: choose two periods.'));
        return { kind: 'ma-cross', fast, slow, direction: read.choice('direction', DIRECTIONS), within: read.whole('within', 1, MAX_PERIOD) };
      }
      case 'macd-cross': {
        const fast = read.whole('fast', 1, MAX_PERIOD);
        const slow = read.whole('slow', 1, MAX_PERIOD);
        if (read.problems.fast === undefined && read.problems.slow === undefined && fast >= slow)
          read.both('slow', t('The slow period must be longer than the fast one.'));
        return {
          kind: 'macd-cross',
          fast,
          slow,
          signal: read.whole('signal', 1, MAX_PERIOD),
          direction: read.choice('direction', DIRECTIONS),
          within: read.whole('within', 1, MAX_PERIOD),
        };
      }
      case 'new-extreme': {
        const side = read.choice('side', ['high', 'low'] as const);
        return { kind: 'new-extreme', side, days: read.raw('days') === '52w' ? '52w' : read.whole('days', 2, MAX_PERIOD) };
      }
      case 'volume-ratio': {
        const period = read.whole('period', 1, MAX_PERIOD);
        const min = read.number('min', 0, 1000);
        if (read.problems.min === undefined && !(min > 0)) read.both('min', t('The ratio must be above 0.'));
        return { kind: 'volume-ratio', period, min };
      }
      case 'atr-percent':
        return { kind: 'atr-percent', period: read.whole('period', 1, MAX_PERIOD), op: read.choice('op', SIDES), value: read.number('value', 0, 100) };
    }
  })();
  return { condition, problems: read.problems };
}

function readNode(node: DraftNode, label: FieldLabel, problems: Record<string, Record<string, string>>): ScreenCondition {
  if (node.kind !== 'group') {
    const read = readLeaf(node, label);
    if (Object.keys(read.problems).length > 0) problems[node.id] = read.problems;
    return read.condition;
  }
  if (node.items.length === 0) problems[node.id] = { '': t('A group needs at least one condition.') };
  return { kind: 'group', join: node.join, conditions: node.items.map((item) => readNode(item, label, problems)) };
}

/** The screen the draft says, or where it is wrong. */
export function readDraft(draft: ScreenDraft, label: FieldLabel): DraftReading {
  const problems: Record<string, Record<string, string>> = {};
  const where: ConditionGroup = { kind: 'group', join: draft.join, conditions: draft.items.map((item) => readNode(item, label, problems)) };
  const limitText = draft.limit.trim();
  let limit: number | undefined;
  if (limitText !== '') {
    const value = Number(limitText);
    if (!/^\d+$/.test(limitText) || value < 1 || value > MAX_LIMIT)
      problems.limit = {
        limit: t('{param} must be a whole number from {min} to {max}, not “{text}”.', {
          param: label('limit'),
          min: 1,
          max: MAX_LIMIT,
          text: limitText.slice(0, 24),
        }),
      };
    else limit = value;
  }
  if (!TYPES_OF_MARKET[draft.market].includes(draft.type)) problems.universe = { type: t('Choose a type this market has.') };
  if (Object.keys(problems).length > 0) return { problems, general: [] };
  const screen: Screen = { version: 1, universe: { market: draft.market, type: draft.type }, where, sort: draft.sort, ...(limit !== undefined && { limit }) };
  // The field checks above are the schema's; what else it finds (a tree too deep from a link) is said as it is.
  const general = screenProblems(screen);
  return general.length > 0 ? { problems: {}, general } : { screen };
}

/** The draft with node `id` replaced by `change(node)` (undefined removes it), wherever it is. */
export function updateNode(draft: ScreenDraft, id: string, change: (node: DraftNode) => DraftNode | undefined): ScreenDraft {
  const walk = (items: readonly DraftNode[]): DraftNode[] =>
    items.flatMap((item): DraftNode[] => {
      if (item.id === id) {
        const next = change(item);
        return next ? [next] : [];
      }
      return item.kind === 'group' ? [{ ...item, items: walk(item.items) }] : [item];
    });
  return { ...draft, items: walk(draft.items) };
}

/** One input of a condition typed: only that text changes. */
export function setLeafField(draft: ScreenDraft, id: string, field: string, value: string): ScreenDraft {
  return updateNode(draft, id, (node) => (node.kind === 'group' ? node : { ...node, fields: { ...node.fields, [field]: value } }));
}

/** A condition changed to another kind: its inputs start from that kind's defaults. */
export function setLeafKind(draft: ScreenDraft, id: string, kind: LeafKind): ScreenDraft {
  return updateNode(draft, id, (node) => (node.kind === 'group' || node.kind === kind ? node : { ...newLeaf(kind), id: node.id }));
}

/** Adds a node at the root, or inside group `groupId`. */
export function addNode(draft: ScreenDraft, node: DraftNode, groupId?: string): ScreenDraft {
  if (groupId === undefined) return { ...draft, items: [...draft.items, node] };
  return updateNode(draft, groupId, (group) => (group.kind === 'group' ? { ...group, items: [...group.items, node] } : group));
}

export function removeNode(draft: ScreenDraft, id: string): ScreenDraft {
  return updateNode(draft, id, () => undefined);
}

export function setGroupJoin(draft: ScreenDraft, id: string | undefined, join: 'and' | 'or'): ScreenDraft {
  if (id === undefined) return { ...draft, join };
  return updateNode(draft, id, (node) => (node.kind === 'group' ? { ...node, join } : node));
}

/** Another market: its type kept where it trades, else the market's first. */
export function setUniverse(draft: ScreenDraft, market: Market, type: ProductType): ScreenDraft {
  const types = TYPES_OF_MARKET[market];
  return { ...draft, market, type: types.includes(type) ? type : (types[0] ?? 'stock') };
}

export const isMarket = (value: string): value is Market => (MARKETS as readonly string[]).includes(value);
export const isProductType = (value: string): value is ProductType => (PRODUCT_TYPES as readonly string[]).includes(value);
