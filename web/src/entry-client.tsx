/**
 * Browser entry. Prerendered pages are hydrated after their page chunk is loaded (so the first
 * client render matches the HTML); the dashboard shell, which has no prerendered content, is
 * rendered from scratch.
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { matchPublicRoute } from './app/match-route';
import { preloadPage } from './app/lazy-page';
import { PageDataProvider } from './app/page-data';
import './styles.css';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing');
  const app = (
    <StrictMode>
      <PageDataProvider>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </PageDataProvider>
    </StrictMode>
  );
  if (container.hasChildNodes()) {
    const route = matchPublicRoute(window.location.pathname);
    if (route) await preloadPage(route.page);
    hydrateRoot(container, app);
  } else {
    createRoot(container).render(app);
  }
}

void start();
