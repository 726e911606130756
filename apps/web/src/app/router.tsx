import { createBrowserRouter } from 'react-router';
import { paths } from '@consult/shared';
import { LoadingScreen } from '../components/loading-screen';
import { NotFoundPage } from '../components/not-found-page';

export function createRouter() {
  return createBrowserRouter([
    {
      path: paths.home,
      lazy: async () => ({ Component: (await import('./routes/landing')).default }),
      HydrateFallback: LoadingScreen,
    },
    { path: '*', Component: NotFoundPage },
  ]);
}
