import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { Button, Spinner } from '../../../shared/forms/fields';
import { catalogueText } from '../../../shared/forms/validate';
import { useLocaleStore } from '../../../shared/i18n/locale-store';
import { useT } from '../../../shared/i18n/use-t';
import { rememberChannelCode } from '../../../shared/storage/channel-code';
import { useEntryParamsStore } from '../../../shared/stores/entry-params-store';
import { useOverlayStore } from '../../../shared/stores/overlay-store';
import { PageShell } from '../../../shared/ui/page-shell';
import { useSteamExchange } from '../api/steam-exchange';
import { useAuthSuccess } from '../hooks/use-auth-success';
import { callbackErrorCode, parseSteamCallbackParams, safeRedirect } from '../steam-callback-params';

/**
 * Spec §2/§4: the game-platform login returns here with a one-time `code` (or an `error` code). The code is
 * exchanged once for a session, then the browser goes on to params.redirectUrl (same-site only).
 */
export default function SteamCallbackPage() {
  const t = useT();
  const locale = useLocaleStore((s) => s.locale);
  const navigate = useNavigate();
  const { search } = useLocation();
  const params = useMemo(() => parseSteamCallbackParams(search), [search]);
  const query = useMemo(() => new URLSearchParams(search), [search]);
  const code = query.get('code');
  const errorParam = query.get('error');
  // The address names an error code; its words come from our catalogue, never from the address itself.
  const errorCode = errorParam === null ? null : callbackErrorCode(errorParam);
  const serverError = errorCode === null ? null : errorCode === 'unknown' ? t('callback.failed') : catalogueText(errorCode, locale);
  const exchange = useSteamExchange();
  const onSuccess = useAuthSuccess();
  const started = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    rememberChannelCode(params.channelCode);
    useEntryParamsStore.getState().remember({ promoteCode: params.promoteCode, channelCode: params.channelCode });
  }, [params]);

  useEffect(() => {
    // The code is single use: StrictMode's second effect run must not spend it twice.
    if (!code || started.current) return;
    started.current = true;
    exchange.mutate(
      { code },
      {
        onSuccess: (result) => {
          useEntryParamsStore.setState({ callbackUrl: null });
          onSuccess(result);
          void navigate(safeRedirect(params.redirectUrl), { replace: true });
        },
        onError: (error) =>
          setFailure(isApiError(error) && error.kind === 'envelope' && error.message ? error.message : t('callback.failed')),
      },
    );
  }, [code, exchange, navigate, onSuccess, params.redirectUrl, t]);

  const message = serverError ?? failure ?? (code ? null : t('callback.missing'));

  return (
    <PageShell titleId="title.steamCallback">
      <div
        role="status"
        data-testid="steam-callback"
        className="flex flex-col items-center gap-4 rounded-xl border border-line bg-panel px-6 py-12 text-center"
      >
        {message ? (
          <>
            <p className="text-lg font-semibold text-white">{t('callback.failedTitle')}</p>
            <p role="alert" className="text-accent-red">
              {message}
            </p>
            <div className="flex gap-3">
              <Button onClick={() => useOverlayStore.getState().openOverlay('steamLogin')}>{t('callback.retry')}</Button>
              <Button variant="secondary" onClick={() => void navigate('/home')}>
                {t('callback.home')}
              </Button>
            </div>
          </>
        ) : (
          <>
            <Spinner className="size-8 text-accent-orange" />
            <p className="text-lg font-semibold text-white">{t('callback.processing')}</p>
          </>
        )}
      </div>
    </PageShell>
  );
}
