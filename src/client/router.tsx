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
        path: '*',
        lazy: async () => ({
          Component: (await import('./screens/not-found/not-found-screen.tsx')).NotFoundScreen,
        }),
      },
    ],
  },
]);
