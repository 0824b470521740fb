/** The owner's page: mounts the app into the service's HTML (`/admin/`). */
import { createRoot } from 'react-dom/client'
import { App } from './app.js'
import './styles.css'

const site = document.querySelector<HTMLMetaElement>('meta[name="gptnotes-site"]')?.content ?? ''
createRoot(document.getElementById('admin')!).render(<App site={site} />)
