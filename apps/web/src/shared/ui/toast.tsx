import { useEffect, useSyncExternalStore } from 'react';
import { loadChunk } from '../chunk/lazy-chunk';
import type * as Toaster from './toaster';

/**
 * Toasts (spec §9) without react-hot-toast in the entry (issue 11): the library and its renderer are
 * about 5 KB compressed that no page needs before the first toast. Every toast goes through `toast`
 * here, which loads the `toaster` chunk on first use and then forwards, in call order; `ToasterHost`
 * mounts the renderer once that chunk is in. The chunk is also fetched at the first pointer or key
 * press, so a toast that answers the user's click does not wait for it.
 */
type ToasterModule = typeof Toaster;
type HotToast = ToasterModule['hotToast'];
type Message = Parameters<HotToast['success']>[0];
type Options = Parameters<HotToast['success']>[1];

let loaded: ToasterModule | null = null;
let loading: Promise<ToasterModule> | null = null;
const listeners = new Set<() => void>();

/** Loads the toaster chunk once; after a failure (logged by the caller) the next toast tries again. */
export function loadToaster(): Promise<ToasterModule> {
  loading ??= loadChunk('toaster', () => import('./toaster')).then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

function run(action: (hot: HotToast) => void): void {
  if (loaded) return action(loaded.hotToast);
  loadToaster().then(
    (module) => action(module.hotToast),
    (error: unknown) => console.error('[toast] the toaster failed to load', error),
  );
}

/** Dismissing or removing needs the library only if a toast was ever asked for. */
function runIfStarted(action: (hot: HotToast) => void): void {
  if (loading) run(action);
}

export const toast = {
  success: (message: Message, options?: Options): void => run((hot) => void hot.success(message, options)),
  error: (message: Message, options?: Options): void => run((hot) => void hot.error(message, options)),
  dismiss: (id?: string): void => runIfStarted((hot) => hot.dismiss(id)),
  remove: (id?: string): void => runIfStarted((hot) => hot.remove(id)),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The toast renderer, once its chunk has loaded (on the first toast or the first user input). */
export function ToasterHost() {
  const module = useSyncExternalStore(subscribe, () => loaded);
  useEffect(() => {
    if (loaded) return;
    const prefetch = () => {
      window.removeEventListener('pointerdown', prefetch, true);
      window.removeEventListener('keydown', prefetch, true);
      loadToaster().catch((error: unknown) => console.error('[toast] the toaster failed to load', error));
    };
    window.addEventListener('pointerdown', prefetch, true);
    window.addEventListener('keydown', prefetch, true);
    return () => {
      window.removeEventListener('pointerdown', prefetch, true);
      window.removeEventListener('keydown', prefetch, true);
    };
  }, []);
  return module ? <module.AppToaster /> : null;
}
