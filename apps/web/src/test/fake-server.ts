import { vi } from 'vitest';
import type { DropItem, HomepageStat, SliderChallenge, SysConfig, UserInfo } from '@skinfair/contract';

export const sysConfigFixture: SysConfig = {
  switchBalanceType: false,
  showPublicText: true,
  publicText: '系统维护通知：今晚 2 点维护。',
  siteName: 'Skinfair',
  imageHost: '/img',
  wsPath: '/ws',
  currencySymbol: '¥',
  firstDepositBonusPercent: 20,
  minimumAge: 18,
  customerServiceUrl: '',
  beaconSource: 'local',
  sandbox: true,
  // The browser's clock follows serverTime (battle rounds), so the fixture is in step with the test's clock.
  get serverTime() {
    return new Date().toISOString();
  },
};

/**
 * The slider's API as a person passes it: a puzzle (`c-1`), then the pass `pass-1` for whatever drag; tests
 * spread it into `stubApi` before the call the pass is for.
 */
export const sliderStubs = {
  '/api/common/sliderCaptcha': (): SliderChallenge => ({
    captchaId: 'c-1',
    background: 'data:image/png;base64,AA',
    piece: 'data:image/png;base64,BB',
    width: 300,
    height: 150,
    pieceSize: 50,
    pieceY: 40,
    expiresIn: 120,
  }),
  '/api/common/sliderVerify': () => ({ captchaVerification: 'pass-1', expiresIn: 120 }),
};

/** A verified player as GET /api/personalCenter/userInfo answers, with ¥50 in coins; tests override fields. */
export const userInfoFixture = (over: Partial<UserInfo> = {}): UserInfo => ({
  id: 1,
  nickname: '玩家',
  avatar: null,
  mobile: null,
  email: null,
  tradeUrl: null,
  balance: 5000,
  integral: 0,
  secondaryBalance: 0,
  grade: 0,
  verified: true,
  steamId: null,
  inviter: null,
  hasPassword: true,
  securityWay: 0,
  canSpend: true,
  createTime: '2025-01-01T00:00:00.000Z',
  withdrawalHoldUntil: null,
  ...over,
});

export const homepageFixture: HomepageStat = {
  userTotal: 100,
  userTotal24: 3,
  boxCnt: 50,
  boxCnt24: 5,
  battleCnt: 7,
  battleCnt24: 1,
  upgradeCnt: 2,
  upgradeCnt24: 0,
  onlineCount: 42,
};

/** Stubs fetch with the same-origin API answering from fixtures; unknown paths never answer. */
export function fakeServer(drops: { recent?: DropItem[]; top?: DropItem[] } = {}) {
  const answer = (data: unknown) => Promise.resolve(new Response(JSON.stringify({ status: 0, msg: '', data }), { status: 200 }));
  const fetchFn = vi.fn((input: string) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/common/sysConfig') return answer(sysConfigFixture);
    if (url.pathname === '/api/stat/homepage') return answer(homepageFixture);
    if (url.pathname === '/api/common/getBoxThemeList') return answer([]);
    // No notice or banner rows: the notice overlay falls back to sysConfig.publicText, the carousel hides.
    if (url.pathname === '/api/common/notice' || url.pathname === '/api/common/bannerList') return answer([]);
    if (url.pathname === '/api/stat/lastDrop') {
      return answer(url.searchParams.get('isTop') === 'true' ? (drops.top ?? []) : (drops.recent ?? []));
    }
    return new Promise<Response>(() => {});
  });
  vi.stubGlobal('fetch', fetchFn);
  return fetchFn;
}

/** A WebSocket that never reaches a server: records what the STOMP client does with it. */
export class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = 0;
  binaryType = 'blob';
  protocol = '';
  closed = false;
  onopen: ((e: Event) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  send() {}
  close() {
    this.closed = true;
    this.readyState = 3;
    this.onclose?.({ code: 1000, reason: '', wasClean: true } as CloseEvent);
  }
}
