import { createContext, useContext } from 'react';
import type { CatastroClient } from '../client/catastro-client.js';

export const ClientContext = createContext<CatastroClient | null>(null);

export function useClient(): CatastroClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useClient outside <ClientContext.Provider>');
  return client;
}
