import { createBrowserRouter } from 'react-router';
import { AppLayout } from './app-layout.tsx';

// Screens load lazily: each route pulls its own chunk the first time it is visited. Paths are
// the SPEC §2 route table (see routes.ts).
export const router = createBrowserRouter([
  {
    Component: AppLayout,
    children: [
      {
        path: '/',
        lazy: async () => ({
          Component: (await import('./screens/categories/categories-screen.tsx')).CategoriesScreen,
        }),
      },
      {
        path: '/home',
        lazy: async () => ({
          Component: (await import('./screens/home/home-screen.tsx')).HomeScreen,
        }),
      },
      {
        path: '/about',
        lazy: async () => ({
          Component: (await import('./screens/about/about-screen.tsx')).AboutScreen,
        }),
      },
      {
        path: '/privacy',
        lazy: async () => ({
          Component: (await import('./screens/privacy/privacy-screen.tsx')).PrivacyScreen,
        }),
      },
      {
        path: '/terms',
        lazy: async () => ({
          Component: (await import('./screens/terms/terms-screen.tsx')).TermsScreen,
        }),
      },
      {
        // /answer/a/{answerId}: one of the user's answers at its own address (decision 015)
        path: '/answer/a/:answerId/*',
        lazy: async () => ({
          Component: (await import('./screens/answer/answer-by-id-screen.tsx')).AnswerByIdScreen,
        }),
      },
      {
        // /answer, /answer/today, /answer/journal, /answer/journal/{answerId}, /answer/{promptId}
        path: '/answer/*',
        lazy: async () => ({
          Component: (await import('./screens/answer/answer-screen.tsx')).AnswerScreen,
        }),
      },
      {
        path: '/answerSettings',
        lazy: async () => ({
          Component: (await import('./screens/answer-settings/answer-settings-screen.tsx'))
            .AnswerSettingsScreen,
        }),
      },
      {
        path: '/streak',
        lazy: async () => ({
          Component: (await import('./screens/streak/streak-screen.tsx')).StreakScreen,
        }),
      },
      {
        path: '/past',
        lazy: async () => ({
          Component: (await import('./screens/past/past-screen.tsx')).PastScreen,
        }),
      },
      {
        path: '/stop',
        lazy: async () => ({
          Component: (await import('./screens/stop/stop-screen.tsx')).StopScreen,
        }),
      },
      {
        path: '/login',
        lazy: async () => ({
          Component: (await import('./screens/login/login-screen.tsx')).LoginScreen,
        }),
      },
      {
        path: '/forgot-password',
        lazy: async () => ({
          Component: (await import('./screens/forgot-password/forgot-password-screen.tsx'))
            .ForgotPasswordScreen,
        }),
      },
      {
        path: '/reset-password',
        lazy: async () => ({
          Component: (await import('./screens/reset-password/reset-password-screen.tsx'))
            .ResetPasswordScreen,
        }),
      },
      {
        path: '/userProfile',
        lazy: async () => ({
          Component: (await import('./screens/user-profile/user-profile-screen.tsx'))
            .UserProfileScreen,
        }),
      },
      {
        path: '/userSettings',
        lazy: async () => ({
          Component: (await import('./screens/user-settings/user-settings-screen.tsx'))
            .UserSettingsScreen,
        }),
      },
      {
        path: '/world',
        lazy: async () => ({
          Component: (await import('./screens/world/world-screen.tsx')).WorldScreen,
        }),
      },
      {
        path: '/shared',
        lazy: async () => ({
          Component: (await import('./screens/shared/shared-screen.tsx')).SharedScreen,
        }),
      },
      {
        // /user/{userId} (prefix match)
        path: '/user/:userId/*',
        lazy: async () => ({
          Component: (await import('./screens/other-user/other-user-screen.tsx')).OtherUserScreen,
        }),
      },
      {
        path: '/newPrompt',
        lazy: async () => ({
          Component: (await import('./screens/new-prompt/new-prompt-screen.tsx')).NewPromptScreen,
        }),
      },
      {
        path: '/admin',
        lazy: async () => ({
          Component: (await import('./screens/admin/hub/admin-screen.tsx')).AdminScreen,
        }),
      },
      {
        path: '/submittedPrompts',
        lazy: async () => ({
          Component: (
            await import('./screens/admin/submitted-prompts/submitted-prompts-screen.tsx')
          ).SubmittedPromptsScreen,
        }),
      },
      {
        path: '/managePrompts',
        lazy: async () => ({
          Component: (await import('./screens/admin/manage-prompts/manage-prompts-screen.tsx'))
            .ManagePromptsScreen,
        }),
      },
      {
        path: '/editPrompt',
        lazy: async () => ({
          Component: (await import('./screens/admin/edit-prompt/edit-prompt-screen.tsx'))
            .EditPromptScreen,
        }),
      },
      {
        path: '/newAdminPrompt',
        lazy: async () => ({
          Component: (await import('./screens/admin/new-admin-prompt/new-admin-prompt-screen.tsx'))
            .NewAdminPromptScreen,
        }),
      },
      {
        path: '/reported',
        lazy: async () => ({
          Component: (await import('./screens/admin/reported/reported-screen.tsx')).ReportedScreen,
        }),
      },
      {
        path: '*',
        lazy: async () => ({
          Component: (await import('./screens/not-found/not-found-screen.tsx')).NotFoundScreen,
        }),
      },
    ],
  },
]);
