/** The dream feature's public surface: app/ lazy-loads the page and the home tab preview. */
export { default as DreamPage } from './pages/dream-page';
export { default as DreamPreview } from './components/dream-preview';
