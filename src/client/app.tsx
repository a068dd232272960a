import { type AppHistory, AppRouter } from './router.tsx';

export function App({ history }: { history: AppHistory }) {
  return <AppRouter history={history} />;
}
