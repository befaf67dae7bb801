import { defineShellConfig } from '../../build/rsbuildApp.mjs';

export default defineShellConfig(import.meta.dirname);
