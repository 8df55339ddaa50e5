/** Whether the alert dialog is open, and what it opens with (symbol, level). */
import { create } from 'zustand';
import type { AlertRequest } from '../../components/alert-opener';

interface DialogState {
  request: AlertRequest | undefined;
  /** Bumped on each open: a second open while open starts the form again. */
  serial: number;
  open: (request: AlertRequest) => void;
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

export function openAlertDialog(request: AlertRequest): void {
  useAlertDialog.getState().open(request);
}
