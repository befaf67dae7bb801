import { renderStandalone } from '@steward/libs/area';
import area from './area';

// Runs only when the Online Booking remote is opened on its own (standalone); the shell imports './area'.
renderStandalone(area);
