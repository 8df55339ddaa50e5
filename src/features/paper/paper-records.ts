/**
 * The paper account as workspace records: the account's state (settings, cash, positions, working
 * orders) as one record, so cash and positions always change together, and each fill of the log as
 * one more (fills are never edited: two tabs' fills both stay). A pristine account (no orders,
 * positions or fills, the default settings) is no record at all: it is not the user's data.
 */
import type { RecordValue } from '#shared/records.ts';
import { DEFAULT_PAPER_SETTINGS, MAX_PAPER_FILLS, newPaperAccount, type Fill, type PaperAccount } from '#shared/paper/paper-model.ts';
import { paperFillSchema, paperStateSchema } from '#shared/paper/paper-schema.ts';
import type { RecordAdapter } from '../../store/records/tab-sync';
import type { PaperStoreState } from './paper-store';
import { wallClock } from '../../time/clock';

export const PAPER_STORE = 'paper';
export const PAPER_ACCOUNT_KIND = 'paper-account';
export const PAPER_FILL_KIND = 'paper-fill';

function pristine(account: PaperAccount): boolean {
  return (
    account.fills.length === 0 &&
    account.orders.length === 0 &&
    account.positions.length === 0 &&
    JSON.stringify(account.settings) === JSON.stringify(DEFAULT_PAPER_SETTINGS) &&
    JSON.stringify(account.cash) === JSON.stringify(account.settings.startingCash)
  );
}

export function paperRecordValues(account: PaperAccount): Map<string, RecordValue> {
  const values = new Map<string, RecordValue>();
  if (pristine(account)) return values;
  const { fills, ...state } = account;
  values.set(PAPER_ACCOUNT_KIND, { kind: PAPER_ACCOUNT_KIND, value: state });
  for (const fill of fills) values.set(`${PAPER_FILL_KIND}:${fill.id}`, { kind: PAPER_FILL_KIND, value: fill });
  return values;
}

/** The account the records hold (a fresh one without its record); damaged fills left out. */
export function paperAccountOf(values: ReadonlyMap<string, RecordValue>, now: number): PaperAccount {
  const state = paperStateSchema.safeParse(values.get(PAPER_ACCOUNT_KIND)?.value);
  const fills: Fill[] = [];
  for (const { kind, value } of values.values()) {
    if (kind !== PAPER_FILL_KIND) continue;
    const parsed = paperFillSchema.safeParse(value);
    if (parsed.success) fills.push(parsed.data);
  }
  fills.sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const account = state.success ? state.data : newPaperAccount(now);
  return { ...account, fills: fills.slice(-MAX_PAPER_FILLS) };
}

function readablePaperRecord({ kind, value }: RecordValue): boolean {
  if (kind === PAPER_ACCOUNT_KIND) return paperStateSchema.safeParse(value).success;
  if (kind === PAPER_FILL_KIND) return paperFillSchema.safeParse(value).success;
  return false;
}

export const paperRecords: RecordAdapter<PaperStoreState> = {
  store: PAPER_STORE,
  readable: readablePaperRecord,
  sources: (state) => [state.account],
  values: (state) => paperRecordValues(state.account),
  apply: (store, values) => {
    store.setState({ account: paperAccountOf(values, wallClock.now()) });
  },
};
