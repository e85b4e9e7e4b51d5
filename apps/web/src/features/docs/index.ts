/** What app/ composes from the docs feature (pages are loaded lazily by path from app/lazy-pages.ts). */
export { NewsPreview } from './components/news-preview';
