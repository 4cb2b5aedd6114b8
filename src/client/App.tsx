/** The route table of docs/spec/accounts-and-people.md §2; unknown paths get the 404 page rather than a jump to /. */
import { LoadingLine } from './components/LoadingLine.tsx';
import { Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Layout, MemberPage } from './components/Layout.tsx';
import LandingPage, { preloadFeaturedIdeaGrid } from './pages/LandingPage.tsx';
import { IdeaSkeleton } from './components/idea/IdeaSkeleton.tsx';
import { loadChunk, retryingLazy } from './lib/chunk-load.ts';

/**
 * A page whose code is its own chunk. Once `preload` has brought the code in, a page mounted after it
 * renders at once instead of suspending: main.tsx preloads a prerendered page before hydrating it, so
 * the painted view hydrates in one pass. A lazy page still waiting for its code keeps the painted
 * HTML, and any update reaching it meanwhile (a provider above it changing) makes React throw that
 * HTML away and render it afresh: a phone number typed early was lost so, with its field's focus.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a page takes whatever props its route gives
type AnyPage = ComponentType<any>;

function page(load: () => Promise<{ default: AnyPage }>) {
  let loaded: AnyPage | undefined;
  const loadPage = () => load().then((module) => ((loaded = module.default), module));
  // Waits out a dropped connection, reloads for a removed chunk, and is tried again by the error boundary (lib/chunk-load.ts).
  const lazyPage = retryingLazy(loadPage);
  const preload = () => loadChunk(loadPage).then(() => undefined);
  function Page(props: Record<string, unknown>) {
    // Chosen once per mount: switching from Lazy to the loaded page later would mount it anew.
    const [Chosen] = useState<AnyPage>(() => loaded ?? lazyPage());
    return <Chosen {...props} />;
  }
  return Object.assign(Page, { preload });
}
const LoginPage = page(() => import('./pages/LoginPage.tsx'));
const ForgotPasswordPage = page(() => import('./pages/ForgotPasswordPage.tsx'));
const AboutPage = page(() => import('./pages/AboutPage.tsx'));
const AboutHunterPage = page(() => import('./pages/AboutHunterPage.tsx'));
const VisionPage = page(() => import('./pages/VisionPage.tsx'));
const UserAgreementPage = page(() => import('./pages/UserAgreementPage.tsx'));
const PrivacyPolicyPage = page(() => import('./pages/PrivacyPolicyPage.tsx'));
const TestDbPage = page(() => import('./pages/TestDbPage.tsx'));
const StagewiseTestPage = page(() => import('./pages/StagewiseTestPage.tsx'));
const CreatePinPage = page(() => import('./pages/CreatePinPage.tsx'));
const InspirationLibraryPage = page(() => import('./pages/InspirationLibraryPage.tsx'));
const PublishSuccessPage = page(() => import('./pages/PublishSuccessPage.tsx'));
const AdminPage = page(() => import('./pages/AdminPage.tsx'));
const IdeaPage = page(() => import('./pages/IdeaPage.tsx'));
const MarketplacePage = page(() => import('./pages/MarketplacePage.tsx'));
const HunterPage = page(() => import('./pages/HunterPage.tsx'));
const UserPage = page(() => import('./pages/UserPage.tsx'));
const FollowListPage = page(() => import('./pages/FollowListPage.tsx'));
const TagPage = page(() => import('./pages/TagPage.tsx'));
const UpdatesPage = page(() => import('./pages/UpdatesPage.tsx'));
const MessagesPage = page(() => import('./pages/MessagesPage.tsx'));
const NotificationSettingsPage = page(() => import('./pages/NotificationSettingsPage.tsx'));
const FeedbackPage = page(() => import('./pages/FeedbackPage.tsx'));
const NotFoundPage = page(() => import('./pages/NotFoundPage.tsx'));

const withLayout = (node: ReactNode) => <Layout>{node}</Layout>;

/**
 * The lazy code each prerendered path draws at once (scripts/prerender.ts): main.tsx hydrates once it is in. The
 * landing's grid too: its cards may be on screen already (guest-cards.ts), and the app's take them over without a loading line.
 */
const PRERENDERED_PAGES: Record<string, { preload(): Promise<void> } | undefined> = {
  '/': { preload: preloadFeaturedIdeaGrid },
  '/login': LoginPage,
  '/guest-marketplace': MarketplacePage,
};
export const preloadPrerenderedPage = (pathname: string): Promise<void> => PRERENDERED_PAGES[pathname]?.preload() ?? Promise.resolve();

export function App() {
  return (
    <Suspense fallback={<LoadingLine />}>
      <Switch>
        <Route path="/">{withLayoutless(<LandingPage />)}</Route>
        <Route path="/login">{withLayoutless(<LoginPage />)}</Route>
        <Route path="/forgot-password">{withLayoutless(<ForgotPasswordPage />)}</Route>
        <Route path="/guest-marketplace">{withLayout(<MarketplacePage guest />)}</Route>
        <Route path="/about">{withLayout(<AboutPage />)}</Route>
        <Route path="/about-hunter">{withLayout(<AboutHunterPage />)}</Route>
        <Route path="/vision">{withLayout(<VisionPage />)}</Route>
        <Route path="/user-agreement">{withLayout(<UserAgreementPage />)}</Route>
        <Route path="/privacy-policy">{withLayout(<PrivacyPolicyPage />)}</Route>
        <Route path="/test-db">{withLayout(<TestDbPage />)}</Route>
        <Route path="/stagewise-test">{withLayout(<StagewiseTestPage />)}</Route>

        <Route path="/marketplace">
          <MemberPage>
            <MarketplacePage />
          </MemberPage>
        </Route>
        <Route path="/create-pin">
          <MemberPage>
            <CreatePinPage />
          </MemberPage>
        </Route>
        <Route path="/inspiration-library">
          <MemberPage>
            <InspirationLibraryPage />
          </MemberPage>
        </Route>
        {/* /updates shows its own logged-out state instead of redirecting (docs/architecture.md §10). */}
        <Route path="/updates">{withLayout(<UpdatesPage />)}</Route>
        <Route path="/messages">
          <MemberPage>
            <MessagesPage />
          </MemberPage>
        </Route>
        <Route path="/messages/settings">
          <MemberPage>
            <NotificationSettingsPage />
          </MemberPage>
        </Route>
        <Route path="/feedback">
          <MemberPage>
            <FeedbackPage />
          </MemberPage>
        </Route>
        <Route path="/admin">
          <MemberPage admin>
            <AdminPage />
          </MemberPage>
        </Route>

        {/* The idea's shape, not a blank page, while the page's code loads (then while the idea does). */}
        <Route path="/idea/:id">
          {withLayout(
            <Suspense fallback={<IdeaSkeleton />}>
              <IdeaPage />
            </Suspense>,
          )}
        </Route>
        <Route path="/user/:registrationNumber">{withLayout(<UserPage />)}</Route>
        <Route path="/hunter/:registrationNumber">{withLayout(<HunterPage />)}</Route>
        <Route path="/hunter/:registrationNumber/followers">{withLayout(<FollowListPage side="followers" />)}</Route>
        <Route path="/hunter/:registrationNumber/following">{withLayout(<FollowListPage side="following" />)}</Route>
        <Route path="/tag/:tag">{withLayout(<TagPage />)}</Route>
        <Route path="/publish-success/:id?">
          <MemberPage>
            <PublishSuccessPage />
          </MemberPage>
        </Route>

        <Route path="/profile">
          <Redirect to="/inspiration-library" replace />
        </Route>
        <Route path="/user-profile">
          <Redirect to="/inspiration-library" replace />
        </Route>
        <Route path="/my-ideas">
          <Redirect to="/inspiration-library" replace />
        </Route>
        <Route>{withLayout(<NotFoundPage />)}</Route>
      </Switch>
    </Suspense>
  );
}

/** Landing and auth pages carry their own header; they still get the footer rule. */
function withLayoutless(node: ReactNode) {
  return <Layout nav={false}>{node}</Layout>;
}
