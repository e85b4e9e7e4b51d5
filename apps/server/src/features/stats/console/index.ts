// The console's dashboard reads battles, dream and others, which announce drops through stats/index.ts: this
// entry (imported by app.ts only) keeps stats/index.ts free of them, so no import circle closes (decision 0055).
export { registerStatsConsoleRoutes } from './routes.js';
