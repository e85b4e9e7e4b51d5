import { useState } from 'react';
import { BattleStateCode, type BattleDetail } from '@skinfair/contract';
import { requireLogin } from '../../../shared/api/require-login';
import { useT } from '../../../shared/i18n/use-t';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { useMoney } from '../../../shared/ui/price';
import { toast } from '../../../shared/ui/toast';
import { useCancelBattle } from '../api/cancel-battle';
import { useJoinBattle } from '../api/join-battle';
import { useJoinBot } from '../api/join-bot';
import { BotPicker } from './bot-picker';

type Step = 'join' | 'cancel' | 'bot' | null;

/**
 * Join (pays the entry price, so a confirm step first), and for the creator of a waiting room: add a bot
 * and cancel (refunds everyone, so a confirm step too). `invitePassword` comes from an invite link.
 */
export function RoomActions({ battle, meId, invitePassword }: { battle: BattleDetail; meId: number | null; invitePassword: string }) {
  const t = useT();
  const money = useMoney();
  const join = useJoinBattle();
  const cancel = useCancelBattle();
  const bot = useJoinBot();
  const [step, setStep] = useState<Step>(null);
  const [password, setPassword] = useState(invitePassword);
  const close = () => setStep(null);

  const waiting = battle.state === BattleStateCode.waiting;
  const hasFreeSeat = battle.customerList.length < battle.countCustomer;
  const seated = meId !== null && battle.customerList.some((s) => s.customerId === meId);
  const isCreator = meId !== null && battle.customerId === meId;
  if (!waiting) return null;

  const confirmJoin = () =>
    join.mutate(
      { battleCode: battle.battleCode, ...(battle.private ? { password } : {}) },
      {
        onSuccess: () => {
          toast.success(t('battle.joined'));
          close();
        },
        // The client already toasted the server's reason (not enough coins, seat taken, wrong password).
        onError: close,
      },
    );
  const confirmCancel = () =>
    cancel.mutate(
      { battleCode: battle.battleCode },
      {
        onSuccess: () => {
          toast.success(t('battle.cancelled'));
          close();
        },
        onError: close,
      },
    );
  const pickBot = (botId: number | undefined) =>
    bot.mutate(
      { battleCode: battle.battleCode, ...(botId !== undefined ? { botId } : {}) },
      {
        onSuccess: () => {
          toast.success(t('battle.botAdded'));
          close();
        },
        onError: close,
      },
    );

  const button = 'rounded-lg px-5 py-2 text-sm font-semibold disabled:opacity-50';
  return (
    <div className="flex flex-wrap items-center justify-center gap-3">
      {hasFreeSeat && !seated ? (
        <button
          type="button"
          className={`${button} bg-accent-orange text-black hover:brightness-110`}
          onClick={() => requireLogin() && setStep('join')}
          data-testid="battle-join"
        >
          {t('battle.join')} · {money(battle.totalPrice)}
        </button>
      ) : null}
      {isCreator && hasFreeSeat ? (
        <button
          type="button"
          className={`${button} bg-accent-purple/80 text-black hover:brightness-110`}
          onClick={() => setStep('bot')}
          data-testid="battle-add-bot"
        >
          {t('battle.addBot')}
        </button>
      ) : null}
      {isCreator ? (
        <button
          type="button"
          className={`${button} border border-line bg-panel-2 text-slate-200 hover:brightness-125`}
          onClick={() => setStep('cancel')}
          data-testid="battle-cancel"
        >
          {t('battle.cancel')}
        </button>
      ) : null}

      {step === 'join' ? (
        <ConfirmDialog
          title={t('battle.joinTitle')}
          confirmLabel={t('battle.joinConfirm')}
          onConfirm={confirmJoin}
          onCancel={close}
          busy={join.isPending}
          disabled={battle.private && password.length < 4}
          testId="join-confirm"
        >
          <p data-testid="join-confirm-text">{t('battle.joinText', { amount: money(battle.totalPrice) })}</p>
          {battle.private ? (
            <label className="mt-4 flex flex-col gap-1 text-sm text-slate-400">
              {t('battle.password')}
              <input
                type="password"
                value={password}
                maxLength={32}
                onChange={(e) => setPassword(e.target.value)}
                className="rounded-lg border border-line bg-panel-2 px-3 py-2 text-white"
              />
            </label>
          ) : null}
        </ConfirmDialog>
      ) : null}
      {step === 'cancel' ? (
        <ConfirmDialog
          title={t('battle.cancelTitle')}
          confirmLabel={t('battle.cancelConfirm')}
          onConfirm={confirmCancel}
          onCancel={close}
          busy={cancel.isPending}
          testId="cancel-confirm"
        >
          <p>{t('battle.cancelText')}</p>
        </ConfirmDialog>
      ) : null}
      {step === 'bot' ? <BotPicker busy={bot.isPending} onPick={pickBot} onClose={close} /> : null}
    </div>
  );
}
