import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { SessionProvider } from '@steward/libs/session';
import { BrandingProvider } from './branding/BrandingProvider';
import { AppLayout } from './layout/AppLayout';
import { LandingPage } from './landing/LandingPage';
import { DashboardPage } from './dashboard/DashboardPage';
import { RemoteRoute } from './federation/RemoteRoute';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 } },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <BrandingProvider>
          <BrowserRouter>
            <Routes>
              <Route path="/" element={<LandingPage />} />
              <Route path="/index" element={<LandingPage />} />
              <Route path="/signup" element={<LandingPage />} />
              <Route element={<AppLayout />}>
                <Route path="/dashboard" element={<DashboardPage />} />
                <Route path="*" element={<RemoteRoute />} />
              </Route>
            </Routes>
          </BrowserRouter>
        </BrandingProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
