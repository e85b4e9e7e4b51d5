/** The live-feed feature's public surface for app/. */
export { default as LiveFeedPanel } from './components/live-feed-panel';
