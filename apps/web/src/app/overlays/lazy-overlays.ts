import type { ComponentType } from 'react';
import { lazyPage } from '../../shared/chunk/lazy-chunk';

const named = <P extends object>(chunk: string, load: () => Promise<ComponentType<P>>) =>
  lazyPage<P>(chunk, () => load().then((component) => ({ default: component })));

/**
 * Overlays open on a click, never on the first paint, so each is its own chunk (issue 11: the first visit
 * of /home stays light). The names appear in chunk errors (spec §8).
 */
export const overlays = {
  AuthPanel: named('auth-panel', () => import('../../features/auth/components/auth-panel').then((m) => m.AuthPanel)),
  LoginTip: named('login-tip', () => import('../../features/auth/components/login-tip').then((m) => m.LoginTip)),
  RegisterTip: named('register-tip', () => import('../../features/auth/components/register-tip').then((m) => m.RegisterTip)),
  UserVerify: named('user-verify', () => import('../../features/account/components/user-verify-overlay').then((m) => m.UserVerifyOverlay)),
  MessageCenter: named('message-center', () => import('../../features/messages/components/message-center').then((m) => m.MessageCenter)),
  Recharge: named('recharge', () => import('../../features/recharge/components/recharge-overlay').then((m) => m.RechargeOverlay)),
  Benefit: named('benefit', () => import('../../features/rewards/components/benefit-overlay').then((m) => m.BenefitOverlay)),
  BattleOpen: named('battle-open', () => import('../../features/battle/components/battle-open-overlay').then((m) => m.BattleOpenOverlay)),
  Skin: named('skin-overlay', () => import('../../features/skin/components/skin-overlay').then((m) => m.SkinOverlay)),
  UserCard: named('user-card', () => import('../../features/user-card/components/user-card-overlay').then((m) => m.UserCardOverlay)),
};
