import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from './app-layout.tsx';
import { paths, routePatterns } from './routes.ts';

/**
 * A route whose screen loads lazily: its chunk is fetched the first time it is visited.
 * `name` is the screen's export in the module.
 */
function lazyScreen<K extends string>(
  path: string,
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): RouteObject {
  return { path, lazy: async () => ({ Component: (await load())[name] }) };
}

// Paths are the SPEC §2 route table (routes.ts); the order matters only for the patterns.
// Made when start-up asks (main.tsx), not when this module loads: its first navigation is
// work of its own, in a task of its own.
export const createAppRouter = () =>
  createBrowserRouter([
    {
      Component: AppLayout,
      children: [
        lazyScreen(
          paths.categories,
          () => import('./screens/categories/categories-screen.tsx'),
          'CategoriesScreen',
        ),
        lazyScreen(paths.home, () => import('./screens/home/home-screen.tsx'), 'HomeScreen'),
        lazyScreen(paths.about, () => import('./screens/about/about-screen.tsx'), 'AboutScreen'),
        lazyScreen(
          paths.privacy,
          () => import('./screens/privacy/privacy-screen.tsx'),
          'PrivacyScreen',
        ),
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
        lazyScreen(
          paths.streak,
          () => import('./screens/streak/streak-screen.tsx'),
          'StreakScreen',
        ),
        lazyScreen(paths.past, () => import('./screens/past/past-screen.tsx'), 'PastScreen'),
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
        lazyScreen(
          paths.shared,
          () => import('./screens/shared/shared-screen.tsx'),
          'SharedScreen',
        ),
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
        lazyScreen(
          paths.admin,
          () => import('./screens/admin/hub/admin-screen.tsx'),
          'AdminScreen',
        ),
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
      ],
    },
  ]);

export type AppRouter = ReturnType<typeof createAppRouter>;
