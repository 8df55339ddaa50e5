/**
 * The app's services in the React tree: the query client (TanStack's own provider) and the
 * services object itself, read by the query and realtime hooks through useAppServices (market
 * data through its `feed`: useMarketFeed).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import type { AppServices } from './app-services';
import type { MarketFeed } from './market-feed/market-feed';

const AppServicesContext = /* @__PURE__ */ createContext<AppServices | undefined>(undefined);

export function AppServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <QueryClientProvider client={services.queryClient}>
      <AppServicesContext.Provider value={services}>{children}</AppServicesContext.Provider>
    </QueryClientProvider>
  );
}

export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error('No app services: render inside AppServicesProvider');
  return services;
}

/** The tree's services, or none outside a provider (a component also rendered on its own, as in tests). */
export function useAppServicesIfAny(): AppServices | undefined {
  return useContext(AppServicesContext);
}

/** The tree's market data: what every panel reads prices through. */
export function useMarketFeed(): MarketFeed {
  return useAppServices().feed;
}
