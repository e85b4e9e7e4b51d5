import { readItem, removeItem, writeItem } from './local';

/** Spec §3 client-stored items: the login token under `token`. Spec §4: logged in = a token exists. */
export const TOKEN_KEY = 'token';
/** Same-tab change notice; other tabs hear the browser's own `storage` event. */
export const TOKEN_EVENT = 'skinfair:token';

const announce = () => window.dispatchEvent(new Event(TOKEN_EVENT));

export const getToken = (): string | null => readItem(TOKEN_KEY) || null;
export const isLoggedIn = (): boolean => getToken() !== null;

export function setToken(token: string): void {
  writeItem(TOKEN_KEY, token);
  announce();
}

export function removeToken(): void {
  const had = getToken() !== null;
  removeItem(TOKEN_KEY);
  if (had) announce();
}

export function subscribeToken(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY) listener();
  };
  window.addEventListener(TOKEN_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(TOKEN_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}
