// The catalogue's console re-prices shop lines through shop/index.ts, and shop reads the catalogue through
// catalog/index.ts: this entry (imported by app.ts only) keeps catalog/index.ts free of the console, so no
// import circle closes (decision 0055).
export { registerCatalogConsoleRoutes } from './routes.js';
