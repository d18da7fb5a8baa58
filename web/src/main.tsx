import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './api/query-client.ts';
import { currentUserQuery } from './auth/current-user.ts';
import { setupScrollRestoration } from './lib/scroll-restoration.ts';
import { createAppRouter } from './router.tsx';
import './styles.css';

const queryClient = createQueryClient();
// Who is signed in is asked at once, beside the page's code and data: the pages behind sign-in
// wait for it before they ask for their content, and every other page shows it in its top bar.
void queryClient.prefetchQuery(currentUserQuery);
const router = createAppRouter(queryClient);
setupScrollRestoration(router);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
