/** Whether the services the panel runs on hide dates (a blind replay not yet revealed; app-services.ts). */
import { useSyncExternalStore } from 'react';
import { useAppServicesIfAny } from './app-services-context';

const NEVER = () => () => undefined;
const SHOWN = () => false;

export function useDatesHidden(): boolean {
  const dates = useAppServicesIfAny()?.dates;
  return useSyncExternalStore(dates ? dates.subscribe : NEVER, dates ? dates.hidden : SHOWN);
}
