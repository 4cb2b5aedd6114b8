import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { LIST_STATE_KEY } from './lib/marketplace-list-state.ts';
import { isLoggedIn } from './lib/storage.ts';
import { noteTypedBeforeStart } from './lib/typed-before-start.ts';
import { forgetBeforeStart, noteChosenBeforeStart, replayBeforeStart } from './lib/before-start.ts';
import { captureStaticCards } from './hooks/useStaticCards.ts';
import { preloadPrerenderedPage } from './App.tsx';
import { Root } from './Root.tsx';
import './styles/global.css';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <Root onStarted={replayBeforeStart} />
  </StrictMode>
);

/**
 * A prerendered page (prerender.tsx) is a fresh guest's first view of its path. This visit's first
 * render draws the same only for a guest on that very address (path and query) with nothing this tab kept that
 * changes the view (a history state, the marketplace's chosen sort).
 */
function drawsThePrerenderedView(): boolean {
  if (container.dataset.prerendered !== location.pathname + location.search || history.state != null || isLoggedIn()) return false;
  try {
    return sessionStorage.getItem(LIST_STATE_KEY) === null;
  } catch {
    return true;
  }
}

// Hydrating keeps the painted page (no flash, no second largest paint); otherwise the view is rendered fresh over it.
if (drawsThePrerenderedView()) {
  // What a guest typed meanwhile survives hydration (lib/typed-before-start.ts).
  noteTypedBeforeStart(container);
  // The page's code first (route-preload.js has asked for it already): a page still loading when an
  // update reached it was rendered afresh over what was painted, and typed into (App.tsx `page`).
  void preloadPrerenderedPage(location.pathname)
    .catch(() => undefined)
    .then(() => {
      // The cards drawn before the app (guest-cards.ts), read as they are now: hydration keeps them.
      captureStaticCards(container);
      // A sort chosen meanwhile is chosen again once hydrated (lib/before-start.ts).
      noteChosenBeforeStart(container);
      hydrateRoot(container, app);
    });
} else {
  forgetBeforeStart();
  createRoot(container).render(app);
}
