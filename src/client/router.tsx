import { createBrowserRouter } from 'react-router';

// Screens load lazily: each route pulls its own chunk the first time it is visited.
export const router = createBrowserRouter([
  {
    path: '/',
    lazy: async () => ({
      Component: (await import('./screens/categories/categories-screen.tsx')).CategoriesScreen,
    }),
  },
  {
    path: '*',
    lazy: async () => ({
      Component: (await import('./screens/not-found/not-found-screen.tsx')).NotFoundScreen,
    }),
  },
]);
