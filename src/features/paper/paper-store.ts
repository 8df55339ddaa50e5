/**
 * The paper account (shared/paper): its own persisted store (local storage key 'chartroom.paper',
 * version 1), validated on the way in (paper-schema.ts), shared with the other tabs and the
 * server as workspace records (paper-records.ts). The engine's functions make each new account;
 * the store only keeps it.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { MAX_PAPER_FILLS, newPaperAccount, type Fill, type PaperAccount, type PaperSettings } from '#shared/paper/paper-model.ts';
import { paperFillSchema, paperStateSchema } from '#shared/paper/paper-schema.ts';
import { persistedStore } from '../../store/persisted-store';
import { wallClock } from '../../time/clock';

export const PAPER_STORAGE_KEY = 'chartroom.paper';
export const PAPER_VERSION = 1;

export interface PaperStoreState {
  account: PaperAccount;
  /** Puts the engine's new account in (the same account: nothing changes). */
  setAccount: (account: PaperAccount) => void;
  /** A fresh account: the settings' starting cash, no positions, orders or log. */
  reset: (settings?: PaperSettings) => void;
}

const UNREADABLE = Symbol('unreadable paper account');

/** The saved account, checked: a damaged fill costs that line; a damaged state, the account (a fresh one). */
export function parsePaperAccount(raw: unknown, now: number): PaperAccount {
  const source = typeof raw === 'object' && raw !== null ? (raw as { account?: unknown }).account : undefined;
  const state = paperStateSchema.safeParse(source);
  if (!state.success) return newPaperAccount(now);
  const list = (source as { fills?: unknown }).fills;
  const fills: Fill[] = [];
  for (const item of Array.isArray(list) ? list : []) {
    const parsed = paperFillSchema.safeParse(item);
    if (parsed.success) fills.push(parsed.data);
  }
  return { ...state.data, fills: fills.slice(-MAX_PAPER_FILLS) };
}

let counter = 0;
/** Ids unique across tabs and devices: time, a counter, a random tail. */
export function newPaperId(prefix: string): string {
  counter += 1;
  return `${prefix}-${wallClock.now().toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}

export const usePaperStore = create<PaperStoreState>()(
  persist(
    (set, get) => ({
      account: newPaperAccount(wallClock.now()),
      setAccount: (account) => {
        if (account !== get().account) set({ account });
      },
      reset: (settings) => {
        set({ account: newPaperAccount(wallClock.now(), settings ?? get().account.settings) });
      },
    }),
    persistedStore({
      name: PAPER_STORAGE_KEY,
      version: PAPER_VERSION,
      unreadable: UNREADABLE as unknown as { account: PaperAccount },
      partialize: (state) => ({ account: state.account }),
      merge: (persisted, current: PaperStoreState) =>
        persisted === undefined || persisted === null ? current : { ...current, account: parsePaperAccount(persisted, wallClock.now()) },
    }),
  ),
);
