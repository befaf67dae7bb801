import { lazy } from 'react';

// The public landing is the first screen for most visitors: everything behind sign-in loads on demand,
// and starts loading as soon as a visitor is about to sign in. The layout, the dashboard and their
// queries are one chunk ("signed-in"): every signed-in first view needs the first, and a phone on a slow
// network pays a round trip per file.
const loadLayout = () => import(/* webpackChunkName: "signed-in" */ './AppLayout');
const loadDashboard = () => import(/* webpackChunkName: "signed-in" */ '../dashboard/DashboardPage');

/**
 * The first view's query code (@steward/libs/data and what it brings), not part of the landing page: its
 * download starts with the entry when this browser holds a session (index.ts), or after sign-in
 * (SignedInPrefetchEffect); the session's onOrgChosen (bootstrap) uses it.
 */
export const loadSignedInQueries = () => import(/* webpackChunkName: "signed-in" */ './signedInQueries');

export const LazyAppLayout = lazy(() => loadLayout().then((module) => ({ default: module.AppLayout })));
export const LazyDashboardPage = lazy(() => loadDashboard().then((module) => ({ default: module.DashboardPage })));

/** Fetches the signed-in layout and dashboard ahead (the Sign In dialog is open, or the visitor is signed in). */
export function preloadSignedInScreens(): void {
  void loadLayout();
  void loadDashboard();
}
