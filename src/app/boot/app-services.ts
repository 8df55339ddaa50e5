/** The app's one QueryClient, shared by the boot (which starts the first requests) and the React tree. */
import { createQueryClient } from '../../queries/query-client';

export const appQueryClient = createQueryClient();
