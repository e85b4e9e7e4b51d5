// The console reads admin (audited), which reads common's settings: this entry (imported by app.ts only)
// keeps common/index.ts free of it, so no import circle closes (as stats/console/index.ts).
export { registerCommonConsoleRoutes } from './routes.js';
