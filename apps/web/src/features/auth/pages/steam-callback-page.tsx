import { useEffect, useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { useT } from '../../../shared/i18n/use-t';
import { rememberChannelCode } from '../../../shared/storage/channel-code';
import { useEntryParamsStore } from '../../../shared/stores/entry-params-store';
import { PageShell } from '../../../shared/ui/page-shell';
import { parseSteamCallbackParams, safeRedirect } from '../steam-callback-params';

/**
 * Spec §2/§4: the game-platform login returns here. Until the accounts issue lands, the promotion and
 * channel codes are kept (so a later sign-up still credits them) and the page says so honestly.
 */
export default function SteamCallbackPage() {
  const t = useT();
  const { search } = useLocation();
  const params = useMemo(() => parseSteamCallbackParams(search), [search]);

  useEffect(() => {
    rememberChannelCode(params.channelCode);
    useEntryParamsStore
      .getState()
      .remember({ promoteCode: params.promoteCode, channelCode: params.channelCode });
  }, [params]);

  return (
    <PageShell titleId="title.steamCallback">
      <div
        role="status"
        className="flex flex-col items-center gap-4 rounded-xl border border-line bg-panel px-6 py-12 text-center"
      >
        <p className="text-lg font-semibold text-white">{t('callback.processing')}</p>
        <p className="text-slate-300">{t('callback.comingSoon')}</p>
        <Link to={safeRedirect(params.redirectUrl)} className="text-accent-cyan underline">
          {t('callback.home')}
        </Link>
      </div>
    </PageShell>
  );
}
