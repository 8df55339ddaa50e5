/** Whether the alert dialog is open, and what it opens with (symbol, level; or the alert to edit). */
import { create } from 'zustand';
import type { AlertRequest } from '../../components/alert-opener';

/** A new alert's start, or, with `alertId`, the alert the dialog edits (the Alerts panel's Edit). */
export interface DialogRequest extends AlertRequest {
  alertId?: string;
}

interface DialogState {
  request: DialogRequest | undefined;
  /** Bumped on each open: a second open while open starts the form again. */
  serial: number;
  open: (request: DialogRequest) => void;
  close: () => void;
}

export const useAlertDialog = create<DialogState>()((set) => ({
  request: undefined,
  serial: 0,
  open: (request) => {
    set((state) => ({ request, serial: state.serial + 1 }));
  },
  close: () => {
    set({ request: undefined });
  },
}));

export function openAlertDialog(request: DialogRequest): void {
  useAlertDialog.getState().open(request);
}
