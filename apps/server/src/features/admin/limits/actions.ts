import type { ValueKind } from '@skinfair/contract';
import type { LimitedAction } from './gate.js';

/**
 * The action each kind's approved request runs (its parameters are parsed again by the action's schema).
 * The features that own the actions define them; app.ts (the wiring file) hands the full set to
 * `adminRoutes`, so features/admin imports no other feature and a missing kind fails to compile there.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entry is typed where it is defined
export type LimitedActions = Record<ValueKind, LimitedAction<any, unknown>>;
