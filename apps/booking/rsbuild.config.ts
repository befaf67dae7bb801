import { defineRemoteConfig } from '../../build/rsbuildApp.mjs';

export default defineRemoteConfig(import.meta.dirname, 'booking', 'Online Booking');
