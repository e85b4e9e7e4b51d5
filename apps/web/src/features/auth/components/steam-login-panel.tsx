import { useLocation } from 'react-router';
import { Button } from '../../../shared/forms/fields';
import { useT } from '../../../shared/i18n/use-t';
import { browserNavigation, steamLoginUrl } from '../../../shared/routing/steam-login';
import { getChannelCode } from '../../../shared/storage/channel-code';
import { useEntryParamsStore } from '../../../shared/stores/entry-params-store';

/** Spec §4: the game-platform login leaves for /api/auth/steamLogin and comes back to /login/steamCallback. */
export function SteamLoginPanel() {
  const t = useT();
  const { pathname, search } = useLocation();
  const { callbackUrl, promoteCode, channelCode } = useEntryParamsStore();

  const go = () =>
    browserNavigation.assign(
      steamLoginUrl({
        callbackUrl: callbackUrl ?? `${pathname}${search}`,
        promoteCode,
        channelCode: channelCode ?? getChannelCode(),
      }),
    );

  return (
    <div className="flex flex-col gap-4 text-sm text-slate-300">
      <p>{t('auth.steamIntro')}</p>
      <ul className="list-disc space-y-1 ps-5 text-xs text-slate-400">
        <li>{t('auth.steamNote1')}</li>
        <li>{t('auth.steamNote2')}</li>
      </ul>
      <Button onClick={go} variant="steam" testId="steam-login-go">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
          <path d="M12 2a10 10 0 0 0-9.96 9.1l5.36 2.22a2.8 2.8 0 0 1 1.6-.5h.15l2.4-3.46v-.05a3.8 3.8 0 1 1 3.8 3.8h-.09l-3.4 2.43v.13a2.84 2.84 0 0 1-5.63.55L2.4 14.7A10 10 0 1 0 12 2zm-4.6 15.2-1.23-.51a2.13 2.13 0 1 0 1.17-2.9l1.27.53a1.57 1.57 0 1 1-1.2 2.88zM17.1 9.35a2.53 2.53 0 1 0-2.53 2.53 2.53 2.53 0 0 0 2.53-2.53zm-4.43 0a1.9 1.9 0 1 1 1.9 1.9 1.9 1.9 0 0 1-1.9-1.9z" />
        </svg>
        {t('auth.steamGo')}
      </Button>
    </div>
  );
}
