import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { startFakeOpenIdProvider, type FakeOpenIdProvider } from '../../testing/fake-openid-provider.js';
import { call, registerUser } from '../../testing/auth-helpers.js';

let t: TestApp;
let provider: FakeOpenIdProvider;
let steamCounter = 0;
const nextSteamId = () => `7656119${String(8_000_000_000 + process.pid * 1000 + ++steamCounter).padStart(10, '0')}`;

beforeAll(async () => {
  provider = await startFakeOpenIdProvider();
  t = await buildTestApp({ env: { STEAM_OPENID_ENDPOINT: provider.endpoint, PUBLIC_URL: 'http://localhost:8080' } });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

/** The `name=value` pair of one cookie a response sets. */
function cookieSet(res: { headers: Record<string, unknown> }, name: string): string | undefined {
  const headers = [res.headers['set-cookie'] ?? []].flat() as string[];
  return headers.find((h) => h.startsWith(`${name}=`));
}
const pairOf = (header: string | undefined) => header?.split(';')[0] ?? '';
const sessionCount = async () =>
  Number(((await t.database.db.execute(sql`SELECT count(*) AS n FROM sessions`)) as unknown as { rows: Array<{ n: string }> }).rows[0]!.n);

/** Step 1 as a browser does it: the provider URL's return_to, the state cookie and the login cookie. */
async function start(query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/auth/steamLogin?${query}` });
  expect(res.statusCode).toBe(302);
  const location = new URL(res.headers.location as string);
  const cookie = pairOf(cookieSet(res, 'sf_openid_state'));
  const loginCookie = pairOf(cookieSet(res, 'sf_steam_login'));
  return {
    location,
    returnTo: location.searchParams.get('openid.return_to')!,
    cookie,
    loginCookie,
    setCookie: cookieSet(res, 'sf_steam_login')!,
  };
}

async function followBack(path: string, cookie: string) {
  const res = await t.app.inject({ method: 'GET', url: path, headers: { cookie } });
  expect(res.statusCode).toBe(302);
  return new URL(res.headers.location as string, 'http://localhost:8080');
}

/** Step 3 as the callback page does it: a same-origin POST, which carries the browser's cookies. */
async function exchangeRaw(landing: URL, loginCookie: string | undefined) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/steamExchange',
    headers: loginCookie ? { cookie: loginCookie } : {},
    payload: { code: landing.searchParams.get('code')! },
  });
}
const exchange = async (landing: URL, loginCookie: string | undefined) => (await exchangeRaw(landing, loginCookie)).json();

describe('Steam OpenID login', () => {
  it('redirects to the provider with an OpenID 2.0 checkid_setup request', async () => {
    const { location, returnTo, cookie } = await start('callbackUrl=%2Fbox%2F3&adult=true');
    expect(`${location.origin}${location.pathname}`).toBe(provider.endpoint);
    expect(location.searchParams.get('openid.mode')).toBe('checkid_setup');
    expect(location.searchParams.get('openid.ns')).toBe('http://specs.openid.net/auth/2.0');
    expect(location.searchParams.get('openid.claimed_id')).toBe('http://specs.openid.net/auth/2.0/identifier_select');
    expect(returnTo).toMatch(/^http:\/\/localhost:8080\/api\/auth\/steamReturn\?state=/);
    expect(cookie).toMatch(/^sf_openid_state=/);
  });

  it('creates an account for a new Steam user and lands on the callback page with a one-time code', async () => {
    const steamId = nextSteamId();
    const { returnTo, cookie, loginCookie } = await start('callbackUrl=%2Fbox&adult=true&channelCode=bili');
    const landing = await followBack(provider.approve(returnTo, steamId), cookie);
    expect(landing.pathname).toBe('/login/steamCallback');
    expect(JSON.parse(landing.searchParams.get('params')!)).toEqual({ redirectUrl: '/box', promoteCode: null, channelCode: 'bili' });
    expect(landing.toString()).not.toMatch(/token=/);
    const auth = await exchange(landing, loginCookie);
    expect(auth).toMatchObject({ status: 0, data: { register: true } });
    const info = await call(t.app, 'GET', '/api/personalCenter/userInfo', {}, auth.data.token);
    expect(info.data).toMatchObject({ steamId, hasPassword: false });
    expect((await exchange(landing, loginCookie)).status).toBe(3128); // the code is single-use
    expect(provider.checks).toBeGreaterThan(0);
  });

  it('login CSRF: a code minted in one browser and spent in another is refused, burned, and logs nobody in', async () => {
    // The attacker completes a login with their own Steam in their own browser and mails the landing URL.
    const attacker = await start('adult=true');
    expect(attacker.setCookie).toMatch(/HttpOnly/);
    expect(attacker.setCookie).toMatch(/SameSite=Lax/);
    expect(attacker.setCookie).toMatch(/Path=\/api\/auth\/steamExchange/);
    const attackerLanding = await followBack(provider.approve(attacker.returnTo, nextSteamId()), attacker.cookie);
    const sessionsBefore = await sessionCount();

    const bare = await exchange(attackerLanding, undefined);
    expect(bare).toMatchObject({ status: 9301, msg: '请在发起 Steam 登录的同一浏览器中完成登录，本次登录未生效' });
    expect(bare.data ?? null).toBeNull();
    // A victim with a Steam login of their own under way sends their own key: still not the attacker's.
    const victim = await start('adult=true');
    const second = await start('adult=true');
    const secondLanding = await followBack(provider.approve(second.returnTo, nextSteamId()), second.cookie);
    expect((await exchange(secondLanding, victim.loginCookie)).status).toBe(9301);
    expect(await sessionCount()).toBe(sessionsBefore);

    // Refused codes are burned: the browser that did start the login cannot use them afterwards.
    expect((await exchange(attackerLanding, attacker.loginCookie)).status).toBe(3128);
    expect((await exchange(secondLanding, second.loginCookie)).status).toBe(3128);
    expect(await sessionCount()).toBe(sessionsBefore);
  });

  it('marks the login cookie Secure when the site is served over https', async () => {
    const https = await buildTestApp({
      database: t.database,
      env: { STEAM_OPENID_ENDPOINT: provider.endpoint, PUBLIC_URL: 'https://skinfair.example', SANDBOX_TOOLS: 'false' },
    });
    const res = await https.app.inject({ method: 'GET', url: '/api/auth/steamLogin?adult=true' });
    await https.close();
    expect(cookieSet(res, 'sf_steam_login')).toMatch(/; Secure/);
    expect(cookieSet(res, 'sf_steam_login')).toMatch(/Path=\/api\/auth\/steamExchange/);
    expect((await start('adult=true')).setCookie).not.toMatch(/Secure/); // the http test site's
  });

  it('logs in the browser that started the login, and clears its login cookie', async () => {
    const browser = await start('adult=true');
    const landing = await followBack(provider.approve(browser.returnTo, nextSteamId()), browser.cookie);
    const res = await exchangeRaw(landing, browser.loginCookie);
    expect(res.json()).toMatchObject({ status: 0, data: { register: true } });
    expect(cookieSet(res, 'sf_steam_login')).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
  });

  it('logs the same Steam user into the same account next time', async () => {
    const steamId = nextSteamId();
    const first = await start('adult=true');
    const a = await exchange(await followBack(provider.approve(first.returnTo, steamId), first.cookie), first.loginCookie);
    const second = await start('');
    const b = await exchange(await followBack(provider.approve(second.returnTo, steamId), second.cookie), second.loginCookie);
    expect(b.data).toMatchObject({ userId: a.data.userId, register: false });
  });

  it('asks a new Steam user for the 18+ confirmation', async () => {
    const { returnTo, cookie } = await start('callbackUrl=%2F');
    const landing = await followBack(provider.approve(returnTo, nextSteamId()), cookie);
    expect(landing.searchParams.get('error')).toBe('ADULT_REQUIRED');
  });

  it('sends the callback page a catalogue code, never words, whatever the language', async () => {
    const steamId = nextSteamId();
    const first = await start('adult=true');
    const { data } = await exchange(await followBack(provider.approve(first.returnTo, steamId), first.cookie), first.loginCookie);
    await t.database.db.execute(sql`UPDATE users SET status = 'frozen' WHERE id = ${data.userId as number}`);
    const again = await start('');
    const frozen = await t.app.inject({
      method: 'GET',
      url: provider.approve(again.returnTo, steamId),
      headers: { cookie: again.cookie, lang: 'en' },
    });
    expect(frozen.headers.location).toBe('/login/steamCallback?error=ACCOUNT_DISABLED');
    const badParams = await t.app.inject({ method: 'GET', url: '/api/auth/steamLogin?adult=maybe', headers: { lang: 'en' } });
    expect(badParams.headers.location).toBe('/login/steamCallback?error=PARAM_INVALID');
  });

  it('rejects a forged assertion: a claimed id changed after signing', async () => {
    const { returnTo, cookie } = await start('adult=true');
    const forged = provider.approve(returnTo, nextSteamId()).replace(/7656119\d{10}/g, '76561190000000001');
    const landing = await followBack(forged, cookie);
    expect(landing.searchParams.get('error')).toBe('STEAM_LOGIN_FAILED');
    expect(landing.searchParams.get('code')).toBeNull();
  });

  it('rejects an assertion from another endpoint, a non-Steam claimed id, a replay and a missing state cookie', async () => {
    const other = await start('adult=true');
    const wrongEndpoint = provider.approve(other.returnTo, nextSteamId(), { opEndpoint: 'https://evil.example/openid/login' });
    expect((await followBack(wrongEndpoint, other.cookie)).searchParams.get('error')).toBeTruthy();

    const notSteam = await start('adult=true');
    const badId = provider.approve(notSteam.returnTo, nextSteamId()).replace(/steamcommunity\.com/g, 'steamcommunity.evil.com');
    expect((await followBack(badId, notSteam.cookie)).searchParams.get('error')).toBeTruthy();

    const good = await start('adult=true');
    const assertion = provider.approve(good.returnTo, nextSteamId());
    expect((await followBack(assertion, good.cookie)).searchParams.get('code')).toBeTruthy();
    expect((await followBack(assertion, good.cookie)).searchParams.get('error')).toBeTruthy();

    const noCookie = await start('adult=true');
    expect((await followBack(provider.approve(noCookie.returnTo, nextSteamId()), 'other=1')).searchParams.get('error')).toBeTruthy();
  });

  it('rejects a stale nonce', async () => {
    const { returnTo, cookie } = await start('adult=true');
    const stale = provider.approve(returnTo, nextSteamId(), { nonce: '2020-01-01T00:00:00Zabc' });
    expect((await followBack(stale, cookie)).searchParams.get('error')).toBeTruthy();
  });

  const redirectAfter = async (callbackUrl: string) => {
    const { returnTo, cookie } = await start(`callbackUrl=${encodeURIComponent(callbackUrl)}&adult=true`);
    const landing = await followBack(provider.approve(returnTo, nextSteamId()), cookie);
    return JSON.parse(landing.searchParams.get('params')!).redirectUrl as string;
  };

  it('keeps callbacks on this site (issue 24 §7)', async () => {
    for (const hostile of [
      '//evil.example/x',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\\evil.example',
      '/%09/evil.example',
      '/.//evil.example',
      'https://evil.example',
      'javascript:alert(1)',
    ]) {
      expect(await redirectAfter(hostile), hostile).toBe('/');
    }
    expect(await redirectAfter('/battle/12?tab=rounds#round-3')).toBe('/battle/12?tab=rounds#round-3');
  });

  /** Step 1 of a link as the web app does it: an authenticated POST; the state cookie comes back with it. */
  async function startBind(token: string, callbackUrl = '/personal') {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/steamBind', headers: { token }, payload: { callbackUrl } });
    expect(res.json().status).toBe(0);
    const location = new URL(res.json().data.redirectUrl as string);
    return { returnTo: location.searchParams.get('openid.return_to')!, cookie: String(res.headers['set-cookie']).split(';')[0]! };
  }
  const steamIdOf = async (token: string) => (await call(t.app, 'GET', '/api/personalCenter/userInfo', {}, token)).data.steamId;

  it('links Steam to the logged-in account from its own session, once per Steam account', async () => {
    const user = await registerUser(t.app, t.database.db);
    const steamId = nextSteamId();
    const { returnTo, cookie } = await startBind(user.token);
    expect(cookie).toMatch(/^sf_openid_state=/);
    const landing = await followBack(provider.approve(returnTo, steamId), cookie);
    expect(`${landing.pathname}${landing.search}`).toBe('/personal?steamBound=1');
    expect(await steamIdOf(user.token)).toBe(steamId);

    const other = await registerUser(t.app, t.database.db);
    const again = await startBind(other.token);
    const refusedLanding = await followBack(provider.approve(again.returnTo, steamId), again.cookie);
    expect(refusedLanding.searchParams.get('error')).toBe('STEAM_BOUND_ELSEWHERE');
    expect(await steamIdOf(other.token)).toBeNull();
  });

  it('returns from a link to its own page, the flag in the query before the hash, and never off-site', async () => {
    const user = await registerUser(t.app, t.database.db);
    const first = await startBind(user.token, '/personal?tab=steam#bind');
    const landing = await followBack(provider.approve(first.returnTo, nextSteamId()), first.cookie);
    expect(`${landing.pathname}${landing.search}${landing.hash}`).toBe('/personal?tab=steam&steamBound=1#bind');
    const other = await registerUser(t.app, t.database.db);
    const hostile = await startBind(other.token, '/\t/evil.example');
    const back = await t.app.inject({
      method: 'GET',
      url: provider.approve(hostile.returnTo, nextSteamId()),
      headers: { cookie: hostile.cookie },
    });
    expect(back.headers.location).toBe('/?steamBound=1');
  });

  it('starts a link only from a logged-in POST', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/steamBind', payload: {} })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/steamBind' })).statusCode).toBe(404);
  });

  it("login CSRF: a victim who completes the attacker's Steam round trip links nothing to the attacker", async () => {
    const attacker = await registerUser(t.app, t.database.db);
    const victimSteamId = nextSteamId();
    // The attacker starts a link and sends the Steam URL to the victim, whose browser has no state cookie.
    const { returnTo } = await startBind(attacker.token);
    const landing = await followBack(provider.approve(returnTo, victimSteamId), 'sf_other=1');
    expect(landing.searchParams.get('error')).toBeTruthy();
    expect(await steamIdOf(attacker.token)).toBeNull();
  });

  it('login CSRF: a link in a GET URL (the old bind ticket) logs in at most, it never links', async () => {
    const attacker = await registerUser(t.app, t.database.db);
    const victimSteamId = nextSteamId();
    // Whatever an attacker puts in the steamLogin URL, the victim's browser only ever logs in.
    const { returnTo, cookie, loginCookie } = await start(
      `bindTicket=${'x'.repeat(43)}&bindUserId=${attacker.userId}&callbackUrl=%2Fpersonal&adult=true`,
    );
    const landing = await followBack(provider.approve(returnTo, victimSteamId), cookie);
    const auth = await exchange(landing, loginCookie);
    expect(auth.data.userId).not.toBe(attacker.userId);
    expect(await steamIdOf(attacker.token)).toBeNull();
  });

  it('refuses to link once the session that started it has ended', async () => {
    const user = await registerUser(t.app, t.database.db);
    const { returnTo, cookie } = await startBind(user.token);
    expect((await call(t.app, 'POST', '/api/auth/logout', {}, user.token)).status).toBe(0);
    const landing = await followBack(provider.approve(returnTo, nextSteamId()), cookie);
    expect(landing.searchParams.get('error')).toBe('STEAM_LOGIN_FAILED');
    const [row] = await t.database.db
      .execute(sql`SELECT steam_id FROM users WHERE id = ${user.userId}`)
      .then((r) => (r as unknown as { rows: Array<{ steam_id: string | null }> }).rows);
    expect(row!.steam_id).toBeNull();
  });
});
