import type { Rolldown } from 'vite';

/**
 * How the build groups modules into files (issue 11; docs/decisions/0021). Left to itself the bundler
 * split everything the entry imports that a lazy page also imports into chunks of its own: a first visit
 * of /home fetched 18 scripts, ten of them under 2 KB, each with about 1 KB of response headers.
 */

/**
 * Everything the first render needs is one file: the entry and its whole static import graph, as the
 * bundler sees it after tree-shaking (a feature's index.ts re-exports lazy components the entry never runs).
 */
const entryGroup: Rolldown.CodeSplittingGroup = { name: 'index', tags: ['$initial'], priority: 3 };

/**
 * Tiny shared UI that nearly every page (/home included) renders: about 1 KB compressed together, used by
 * some forty lazy chunks, so one shared file instead of five.
 */
const sharedUi: Rolldown.CodeSplittingGroup = {
  name: 'ui',
  test: /[\\/]src[\\/]shared[\\/](ui[\\/](empty-state|price|item-image|demo-badge)\.tsx|format[\\/]money\.ts)$/,
  priority: 2,
};

/**
 * /home and the two panels it always shows (the live feed and the box themes, spec §2) are lazy chunks
 * only /home loads: one file instead of three. The box card goes with them (the box list also renders it
 * and then loads this chunk: a little more than it needs, in one request instead of two).
 */
const home: Rolldown.CodeSplittingGroup = {
  name: 'home',
  test: /[\\/]src[\\/]features[\\/](home[\\/]|live-feed[\\/]|box[\\/]components[\\/](box-themes-preview|box-card)\.tsx$|box[\\/]api[\\/]get-box-themes\.ts$)/,
  priority: 1,
};

export const codeSplitting: Rolldown.CodeSplittingOptions = { groups: [entryGroup, sharedUi, home] };
