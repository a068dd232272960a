import { RouterProvider } from 'react-router/dom';
import type { AppRouter } from './router.tsx';

export function App({ router }: { router: AppRouter }) {
  return <RouterProvider router={router} />;
}
