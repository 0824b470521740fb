import { createContext, useContext } from 'react'
import type { ClientSite } from '../shared/types.js'

export const SiteContext = createContext<ClientSite | null>(null)

export function useSite(): ClientSite {
  const site = useContext(SiteContext)
  if (!site) throw new Error('useSite() outside <App>')
  return site
}
