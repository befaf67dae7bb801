// The one setup of every DOM test suite (libs and each app's vitest.config.ts point here).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor wait for a screen to reach the state a test asserts. Their default of 1 s is
// tight when `npm test` runs every project's workers at once on two cores (antd dialogs render in
// hundreds of milliseconds there); the assertions stay the same, only the patience grows.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
