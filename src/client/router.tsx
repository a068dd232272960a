import { type ComponentType, createElement, use, useEffect, useReducer } from 'react';
import { BrowserRouter, matchRoutes, type RouteObject, useNavigate, useRoutes } from 'react-router';
import { AppLayout } from './app-layout.tsx';
import { AppHeader, MenuButton } from './components/app-header.tsx';
import { setRouterNavigate } from './outside-navigation.ts';
import { paths, routePatterns } from './routes.ts';
import { useTitle } from './use-title.ts';

/** A screen's chunk: fetched the first time it is needed, or earlier when `load()` is called. */
class ScreenChunk {
  /** The screen, once its chunk is in. */
  screen: ComponentType | undefined;
  /** The chunk failed to load (until `forget()`). */
  failed = false;
  private pending: Promise<void> | undefined;
  private readonly importer: () => Promise<ComponentType>;

  constructor(importer: () => Promise<ComponentType>) {
    this.importer = importer;
  }

  /**
   * Settles once the screen is in (`screen`) or its chunk failed to load (`failed`). The promise
   * says it has settled the way React's `use` reads (`status`), so a render after that reads it
   * at once instead of suspending.
   */
  load(): Promise<void> {
    if (!this.pending) {
      const pending: Promise<void> & { status?: string } = this.importer().then(
        (screen) => {
          this.screen = screen;
          pending.status = 'fulfilled';
        },
        () => {
          this.failed = true;
          pending.status = 'fulfilled';
        },
      );
      this.pending = pending;
    }
    return this.pending;
  }

  /** After a failure: the next load() asks again. */
  forget(): void {
    this.pending = undefined;
    this.failed = false;
  }
}

/**
 * Renders the screen once its chunk is in: at once when it already is, without suspending (the
 * first render over a prerendered page must not show a fallback, and a navigation to a screen
 * seen before is not held up), else after suspending until it is. Every render passes the chunk
 * to `use`, as React requires of a component that may suspend (one that suspended and then
 * rendered without `use` is an error). A chunk that fails to load (offline before the app was
 * cached, a release newer than the page) says so and offers to try again.
 */
function LazyScreen({ chunk }: { chunk: ScreenChunk }) {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  use(chunk.load());
  if (chunk.screen) return createElement(chunk.screen);
  return (
    <ScreenLoadFailed
      retry={() => {
        chunk.forget();
        rerender();
      }}
    />
  );
}

/** A route whose screen loads lazily. `name` is the screen's export in the module. */
export function lazyScreen<K extends string>(
  path: string,
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): RouteObject {
  const chunk = new ScreenChunk(async () => (await load())[name]);
  return { path, element: <LazyScreen chunk={chunk} />, handle: chunk };
}

function ScreenLoadFailed({ retry }: { retry: () => void }) {
  useTitle('Not loaded');
  return (
    <>
      <AppHeader title="Müse" titleIsHeading={false} start={<MenuButton />} />
      <main className="page page-centered">
        <h1 tabIndex={-1}>This page didn’t load</h1>
        <p>Check your connection, then try again.</p>
        <button type="button" className="button" onClick={retry}>
          Try again
        </button>
      </main>
    </>
  );
}

// Paths are the SPEC §2 route table (routes.ts); the order matters only for the patterns.
const screenRoutes: RouteObject[] = [
  lazyScreen(
    paths.categories,
    () => import('./screens/categories/categories-screen.tsx'),
    'CategoriesScreen',
  ),
  lazyScreen(paths.home, () => import('./screens/home/home-screen.tsx'), 'HomeScreen'),
  lazyScreen(paths.about, () => import('./screens/about/about-screen.tsx'), 'AboutScreen'),
  lazyScreen(paths.privacy, () => import('./screens/privacy/privacy-screen.tsx'), 'PrivacyScreen'),
  lazyScreen(paths.terms, () => import('./screens/terms/terms-screen.tsx'), 'TermsScreen'),
  lazyScreen(
    routePatterns.answerById,
    () => import('./screens/answer/answer-by-id-screen.tsx'),
    'AnswerByIdScreen',
  ),
  lazyScreen(
    routePatterns.answerAny,
    () => import('./screens/answer/answer-screen.tsx'),
    'AnswerScreen',
  ),
  lazyScreen(
    paths.answerSettings,
    () => import('./screens/answer-settings/answer-settings-screen.tsx'),
    'AnswerSettingsScreen',
  ),
  lazyScreen(paths.streak, () => import('./screens/streak/streak-screen.tsx'), 'StreakScreen'),
  lazyScreen(paths.past, () => import('./screens/past/past-screen.tsx'), 'PastScreen'),
  lazyScreen(routePatterns.read, () => import('./screens/read/read-screen.tsx'), 'ReadScreen'),
  lazyScreen(paths.stop, () => import('./screens/stop/stop-screen.tsx'), 'StopScreen'),
  lazyScreen(paths.login, () => import('./screens/login/login-screen.tsx'), 'LoginScreen'),
  lazyScreen(
    paths.forgotPassword,
    () => import('./screens/forgot-password/forgot-password-screen.tsx'),
    'ForgotPasswordScreen',
  ),
  lazyScreen(
    paths.resetPassword,
    () => import('./screens/reset-password/reset-password-screen.tsx'),
    'ResetPasswordScreen',
  ),
  lazyScreen(
    paths.userProfile,
    () => import('./screens/user-profile/user-profile-screen.tsx'),
    'UserProfileScreen',
  ),
  lazyScreen(
    paths.userSettings,
    () => import('./screens/user-settings/user-settings-screen.tsx'),
    'UserSettingsScreen',
  ),
  lazyScreen(paths.world, () => import('./screens/world/world-screen.tsx'), 'WorldScreen'),
  lazyScreen(paths.shared, () => import('./screens/shared/shared-screen.tsx'), 'SharedScreen'),
  lazyScreen(
    routePatterns.otherUser,
    () => import('./screens/other-user/other-user-screen.tsx'),
    'OtherUserScreen',
  ),
  lazyScreen(
    paths.newPrompt,
    () => import('./screens/new-prompt/new-prompt-screen.tsx'),
    'NewPromptScreen',
  ),
  lazyScreen(paths.admin, () => import('./screens/admin/hub/admin-screen.tsx'), 'AdminScreen'),
  lazyScreen(
    paths.submittedPrompts,
    () => import('./screens/admin/submitted-prompts/submitted-prompts-screen.tsx'),
    'SubmittedPromptsScreen',
  ),
  lazyScreen(
    paths.managePrompts,
    () => import('./screens/admin/manage-prompts/manage-prompts-screen.tsx'),
    'ManagePromptsScreen',
  ),
  lazyScreen(
    paths.editPrompt,
    () => import('./screens/admin/edit-prompt/edit-prompt-screen.tsx'),
    'EditPromptScreen',
  ),
  lazyScreen(
    paths.newAdminPrompt,
    () => import('./screens/admin/new-admin-prompt/new-admin-prompt-screen.tsx'),
    'NewAdminPromptScreen',
  ),
  lazyScreen(
    paths.reported,
    () => import('./screens/admin/reported/reported-screen.tsx'),
    'ReportedScreen',
  ),
  lazyScreen(
    routePatterns.notFound,
    () => import('./screens/not-found/not-found-screen.tsx'),
    'NotFoundScreen',
  ),
];

/** The app's routes: the layout around every screen. */
const routes: RouteObject[] = [{ Component: AppLayout, children: screenRoutes }];

/** Loads the chunk of the screen at `pathname`, so that the first render need not wait for it. */
export async function loadScreenOf(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  const chunk: unknown = matches.at(-1)?.route.handle;
  if (chunk instanceof ScreenChunk) await chunk.load();
}

function AppRoutes() {
  return useRoutes(routes);
}

/** Lends the router's `navigate` to code outside React (outside-navigation.ts) while mounted. */
function OutsideNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    setRouterNavigate(navigate);
    return () => setRouterNavigate(null);
  }, [navigate]);
  return null;
}

/**
 * The router: declarative routes over the browser's history (React Router's data router and its
 * loaders are some 17 KB gzip more of the first load, and Müse loads its data itself). A
 * navigation runs as a transition, so the old screen stays until the new one's chunk is in.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <OutsideNavigation />
      <AppRoutes />
    </BrowserRouter>
  );
}
