import { Suspense, lazy, useCallback, useEffect, useRef, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes, useNavigate } from '@steward/libs/router';
import { SessionProvider } from '@steward/libs/session';
import { PUBLIC_PAGES } from '@steward/libs/runtime-config';
import { LandingPage } from './landing/LandingPage';
import { loadRemoteRoute } from './federation/remoteRouteChunk';
import { AppErrorBoundary } from './layout/AppErrorBoundary';
import { ToasterOutlet } from './layout/ToasterOutlet';
import { LazyAppLayout, LazyDashboardPage } from './layout/signedInScreens';
import { SignedInPrefetchEffect } from './layout/SignedInPrefetchEffect';
import { queryClient } from './queryClient';
import { useT } from './i18n';

const ResetPasswordPage = lazy(() => import('./auth/ResetPasswordPage').then((module) => ({ default: module.ResetPasswordPage })));
const UnsubscribePage = lazy(() => import('./mail/UnsubscribePage').then((module) => ({ default: module.UnsubscribePage })));
const RemoteRoute = lazy(() => loadRemoteRoute().then((module) => ({ default: module.RemoteRoute })));
// The public booking pages (/book/<organisation>) are the Online Booking area's, for guests without a session.
const PublicRemoteRoute = lazy(() => import(/* webpackChunkName: "public-page" */ './federation/PublicRemoteRoute').then((module) => ({ default: module.PublicRemoteRoute })));


/** The session, with sign-out landing on '/' through the router instead of a page load. */
function RoutedSession({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const latestNavigate = useRef(navigate);
  useEffect(() => {
    latestNavigate.current = navigate;
  }, [navigate]);
  const goToRoot = useCallback(() => latestNavigate.current('/'), []);
  return <SessionProvider goToRoot={goToRoot}>{children}</SessionProvider>;
}

function Loading({ label }: { label?: string }) {
  const t = useT();
  return (
    <p role="status" style={{ padding: 32, textAlign: 'center' }}>
      {label ?? t('common.loadingEllipsis')}
    </p>
  );
}

export function App() {
  const t = useT();
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <RoutedSession>
          <SignedInPrefetchEffect />
          <Routes>
            <Route path="/" element={<LandingPage />} />
            <Route path="/index" element={<LandingPage />} />
            <Route path="/signup" element={<LandingPage />} />
            <Route
              path={PUBLIC_PAGES.booking}
              element={
                <AppErrorBoundary message={t('errors.bookingCouldNotLoad')}>
                  <Suspense fallback={<Loading />}>
                    <PublicRemoteRoute />
                  </Suspense>
                </AppErrorBoundary>
              }
            />
            <Route
              path="/unsubscribe/:token"
              element={
                <AppErrorBoundary message={t('errors.pageCouldNotLoad')}>
                  <Suspense fallback={<Loading />}>
                    <UnsubscribePage />
                  </Suspense>
                </AppErrorBoundary>
              }
            />
            <Route
              path="/reset-password"
              element={
                <AppErrorBoundary message={t('errors.pageCouldNotLoad')}>
                  <Suspense fallback={<Loading />}>
                    <ResetPasswordPage />
                  </Suspense>
                </AppErrorBoundary>
              }
            />
            <Route
              element={
                <AppErrorBoundary message={t('errors.pageCouldNotLoad')}>
                  <Suspense fallback={<Loading />}>
                    <LazyAppLayout />
                  </Suspense>
                </AppErrorBoundary>
              }
            >
              <Route
                path="/dashboard"
                element={
                  <Suspense fallback={<Loading label={t('dashboard.loading')} />}>
                    <LazyDashboardPage />
                  </Suspense>
                }
              />
              <Route
                path="*"
                element={
                  <Suspense fallback={<Loading />}>
                    <RemoteRoute />
                  </Suspense>
                }
              />
            </Route>
          </Routes>
          <ToasterOutlet />
        </RoutedSession>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
