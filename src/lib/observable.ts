/**
 * The one event primitive for app-level observables: an emitter (events with arguments) and a
 * value cell over it (get, set, subscribe), which React reads through useObservable. zustand
 * keeps the store; this is for the small values and events around it.
 */
import { useSyncExternalStore } from 'react';

/** Its functions work unbound (handed to useSyncExternalStore, returned as onX methods). */
export interface Emitter<A extends unknown[] = []> {
  /** Calls every listener, in the order they subscribed. */
  emit: (...args: A) => void;
  /** Returns the unsubscribe. */
  subscribe: (listener: (...args: A) => void) => () => void;
  clear: () => void;
  /** How many listeners there are. */
  readonly size: number;
}

export function createEmitter<A extends unknown[] = []>(): Emitter<A> {
  const listeners = new Set<(...args: A) => void>();
  return {
    emit: (...args) => {
      for (const listener of listeners) listener(...args);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    clear: () => {
      listeners.clear();
    },
    get size() {
      return listeners.size;
    },
  };
}

/** A value that changes and says so; get and subscribe work unbound. */
export interface Observable<T> {
  get: () => T;
  /** Called after each change; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
}

export interface Cell<T> extends Observable<T> {
  /** Tells the listeners only when the value is a different one. */
  set: (value: T) => void;
}

export function createCell<T>(initial: T): Cell<T> {
  let value = initial;
  const changed = createEmitter();
  return {
    get: () => value,
    set: (next) => {
      if (Object.is(next, value)) return;
      value = next;
      changed.emit();
    },
    subscribe: changed.subscribe,
  };
}

/** The observable's value, rendering again when it changes. */
export function useObservable<T>(source: Observable<T>): T {
  return useSyncExternalStore(source.subscribe, source.get, source.get);
}
