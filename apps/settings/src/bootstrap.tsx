import { renderStandalone } from '@steward/libs/area';
import area from './area';

// Runs only when the Settings remote is opened on its own (standalone); the shell imports './area'.
renderStandalone(area);
