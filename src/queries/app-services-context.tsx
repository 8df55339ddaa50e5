/**
 * The app's services in the React tree: the query client (TanStack's own provider), the realtime
 * client (src/realtime's provider, with its live feeds) and the services object itself, read by
 * the query hooks through useAppServices.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { RealtimeProvider } from '../realtime/realtime-context';
import type { AppServices } from './app-services';

const AppServicesContext = /* @__PURE__ */ createContext<AppServices | undefined>(undefined);

export function AppServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <QueryClientProvider client={services.queryClient}>
      <RealtimeProvider client={services.realtime}>
        <AppServicesContext.Provider value={services}>{children}</AppServicesContext.Provider>
      </RealtimeProvider>
    </QueryClientProvider>
  );
}

export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error('No app services: render inside AppServicesProvider');
  return services;
}
