/**
 * What the Undo toast offers to put back: set where a symbol or a list is deleted, read by the
 * panel, which loads the toast itself (undo-toast.tsx) only once something has been deleted.
 */
import { create } from 'zustand';
import type { Deleted } from '../../store/watchlist-restore';

export interface UndoOffer {
  /** Each deletion its own offer: a second one restarts the toast's time. */
  id: number;
  deleted: Deleted;
}

let nextId = 1;

export const useUndoOffer = create<{ offer: UndoOffer | undefined }>()(() => ({ offer: undefined }));

export function offerUndo(deleted: Deleted): void {
  useUndoOffer.setState({ offer: { id: nextId++, deleted } });
}

export function dismissUndo(offer: UndoOffer): void {
  if (useUndoOffer.getState().offer === offer) useUndoOffer.setState({ offer: undefined });
}
