import { AppRouter } from './router.tsx';

export function App() {
  return <AppRouter />;
}
