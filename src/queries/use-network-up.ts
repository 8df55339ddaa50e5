/**
 * Whether the browser's network is up, as the queries see it (TanStack Query's onlineManager, set
 * from navigator.onLine by the boot and from the online and offline events after): offline, a
 * query with nothing kept waits for the network rather than loading.
 */
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

const subscribe = (listener: () => void): (() => void) => onlineManager.subscribe(listener);
const isOnline = (): boolean => onlineManager.isOnline();

export function useNetworkUp(): boolean {
  return useSyncExternalStore(subscribe, isOnline, isOnline);
}
