import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useUserInfo } from '../../../shared/api/user-queries';
import { Button, Spinner } from '../../../shared/forms/fields';
import { useT } from '../../../shared/i18n/use-t';
import { TRADE_URL_SECTION_ID } from '../../../shared/routing/account-links';
import { browserNavigation } from '../../../shared/routing/steam-login';
import { LoginRequired } from '../../../shared/ui/login-required';
import { WithdrawalHoldNotice } from '../../../shared/ui/withdrawal-hold-notice';
import { useCertifyResult } from '../api/certify-result';
import { useStartSteamBind } from '../api/steam-bind';
import { AvatarForm } from './avatar-form';
import { CancelAccountDialog } from './cancel-account-dialog';
import { EmailForm } from './email-form';
import { LogoutButton } from './logout-button';
import { NicknameForm } from './nickname-form';
import { PasswordForm } from './password-form';
import { PhoneForm } from './phone-form';
import { ProfileCard } from './profile-card';
import { SessionsList } from './sessions-list';
import { SettingsSection } from './settings-section';
import { TradeUrlForm } from './trade-url-form';
import { OverlayButton } from '../../../shared/ui/overlay-button';

/** After the provider page: /personal?certifyId=… shows the outcome, polling while it is pending. */
function CertifyBanner() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const certifyId = params.get('certifyId');
  const result = useCertifyResult(certifyId);
  if (!certifyId) return null;
  const state = result.data?.state ?? 'pending';
  const text = { pending: t('verify.pending'), passed: t('verify.done'), failed: t('verify.failed') }[state];
  const tone = {
    pending: 'border-line text-slate-300',
    passed: 'border-emerald-500/50 text-emerald-300',
    failed: 'border-accent-red/50 text-accent-red',
  }[state];
  return (
    <div role="status" className={`flex items-center gap-3 rounded-lg border px-4 py-3 text-sm ${tone}`}>
      {state === 'pending' ? <Spinner /> : null}
      <span className="flex-1">{text}</span>
      {state !== 'pending' ? (
        <button
          type="button"
          className="text-xs text-slate-400 hover:text-white"
          onClick={() => {
            params.delete('certifyId');
            setParams(params, { replace: true });
          }}
        >
          {t('dialog.close')}
        </button>
      ) : null}
    </div>
  );
}

function SteamBind({ steamId }: { steamId: string | null }) {
  const t = useT();
  const bind = useStartSteamBind();
  if (steamId) return <span>{t('account.steamBound', { steamId })}</span>;
  return (
    <Button
      variant="steam"
      pending={bind.isPending}
      onClick={() => bind.mutate('/personal', { onSuccess: ({ redirectUrl }) => browserNavigation.assign(redirectUrl) })}
    >
      {t('account.steamBind')}
    </Button>
  );
}

function Settings() {
  const t = useT();
  const user = useUserInfo();
  const [cancelling, setCancelling] = useState(false);
  const { hash } = useLocation();
  if (!user.data) {
    return (
      <div className="flex justify-center py-16 text-slate-400">
        {user.isError ? t('account.loadFailed') : <Spinner className="size-8" />}
      </div>
    );
  }
  const u = user.data;
  const none = <span className="text-slate-500">{t('account.notSet')}</span>;
  return (
    <div className="flex flex-col gap-6" data-testid="account-settings">
      <CertifyBanner />
      <WithdrawalHoldNotice until={u.withdrawalHoldUntil} />
      <ProfileCard user={u} />
      <div className="rounded-xl border border-line bg-panel">
        <SettingsSection title={t('account.nickname')} value={u.nickname} actionLabel={t('account.edit')} testId="section-nickname">
          {(done) => <NicknameForm current={u.nickname} done={done} />}
        </SettingsSection>
        <SettingsSection
          title={t('account.avatar')}
          value={t('account.avatarHint')}
          actionLabel={t('account.edit')}
          testId="section-avatar"
        >
          {(done) => <AvatarForm done={done} />}
        </SettingsSection>
        <SettingsSection
          title={t('account.email')}
          value={u.email ?? none}
          actionLabel={u.email ? t('account.change') : t('account.bind')}
          testId="section-email"
        >
          {(done) => <EmailForm bound={Boolean(u.email)} hasPhone={Boolean(u.mobile)} done={done} />}
        </SettingsSection>
        <SettingsSection title={t('account.phone')} value={u.mobile ?? none} actionLabel={t('account.change')} testId="section-phone">
          {(done) => <PhoneForm done={done} />}
        </SettingsSection>
        <SettingsSection
          title={t('account.tradeUrl')}
          value={<span data-testid="trade-url-value">{u.tradeUrl ?? none}</span>}
          actionLabel={u.tradeUrl ? t('account.edit') : t('account.set')}
          testId="section-trade-url"
          id={TRADE_URL_SECTION_ID}
          openOnArrival={hash === `#${TRADE_URL_SECTION_ID}`}
        >
          {(done) => (
            <TradeUrlForm current={u.tradeUrl} hasPhone={Boolean(u.mobile)} hasMail={Boolean(u.email)} steamId={u.steamId} done={done} />
          )}
        </SettingsSection>
        <SettingsSection
          title={t('account.realName')}
          value={
            u.verified ? (
              <span className="text-emerald-400">{t('account.verified')}</span>
            ) : (
              <OverlayButton overlay="userVerify" className="text-accent-cyan hover:underline">
                {t('account.goVerify')}
              </OverlayButton>
            )
          }
          testId="section-verify"
        />
        <SettingsSection
          title={t('account.password')}
          value={u.hasPassword ? '••••••••' : t('account.noPassword')}
          actionLabel={u.hasPassword ? t('account.change') : t('account.set')}
          testId="section-password"
        >
          {(done) => <PasswordForm hasPassword={u.hasPassword} done={done} />}
        </SettingsSection>
        <SettingsSection title={t('account.steam')} value={<SteamBind steamId={u.steamId} />} testId="section-steam" />
        <SettingsSection
          title={t('account.devices')}
          value={t('account.devicesHint')}
          actionLabel={t('account.view')}
          testId="section-devices"
        >
          {() => <SessionsList />}
        </SettingsSection>
        <SettingsSection
          title={t('account.cancelAccount')}
          value={
            <button type="button" onClick={() => setCancelling(true)} className="text-accent-red hover:underline">
              {t('account.cancelAccountAction')}
            </button>
          }
          testId="section-cancel"
        />
      </div>
      <LogoutButton className="self-start rounded-lg border border-line px-5 py-2 text-sm text-slate-200 hover:bg-panel-2" />
      {cancelling ? <CancelAccountDialog onClose={() => setCancelling(false)} /> : null}
    </div>
  );
}

/** The account settings on /personal (issue 3). Login only (spec §6). */
export default function AccountSettings() {
  return (
    <LoginRequired>
      <Settings />
    </LoginRequired>
  );
}
