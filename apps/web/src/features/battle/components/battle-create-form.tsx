import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { BATTLE_MAX_BOXES, battleModes, type BattleDetail, type BoxTheme } from '@skinfair/contract';
import { requireLogin } from '../../../shared/api/require-login';
import { useT } from '../../../shared/i18n/use-t';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ItemImage } from '../../../shared/ui/item-image';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { Price, useMoney } from '../../../shared/ui/price';
import { Segmented } from '../../../shared/ui/segmented';
import { toast } from '../../../shared/ui/toast';
import { useCreateBattle } from '../api/create-battle';
import { useBattleDetail } from '../api/get-battle-detail';
import { useBattleThemes } from '../api/get-battle-themes';
import { modeLabel } from '../battle-labels';
import { battleBasePath, type BattleMode } from '../battle-mode';
import { addPick, removeLastPick, removePickAt, totalFen, type PickedBox } from '../battle-picks';
import { BoxPicker } from './box-picker';

const seatChoices = [2, 3, 4] as const;
const modeChoices = battleModes.map((_, code) => code);
/** The contract's password bounds for a private room. */
const PASSWORD_MIN = 4;
const PASSWORD_MAX = 32;

/** The source battle's rounds, priced as the box is offered now (what the server will charge), if it still is. */
function picksOf(battle: BattleDetail, themes: readonly BoxTheme[]): PickedBox[] {
  const offered = new Map(themes.flatMap((theme) => theme.boxList.map((box) => [box.id, box] as const)));
  return battle.boxList.map((box) => ({
    boxId: box.boxId,
    boxName: box.boxName,
    boxImage: box.boxImage,
    priceFen: offered.get(box.boxId)?.openPrice ?? box.boxPrice,
  }));
}

export interface BattleCreateFormProps {
  /** `reverse` presets the non-chieftain mode and, by default, lands in the /reverse room. */
  mode: BattleMode;
  /** A battle code to start from ("create the same battle"); empty or absent for a blank form. */
  sourceCode?: string;
  /**
   * Called once the server created the room, with the room's query (the private room's password).
   * Without it the form goes to the new room under the mode's base path.
   */
  onCreated?: (battle: BattleDetail, query: string) => void;
  /** The narrow layout of the battle-open overlay: fewer box columns, settings stacked, submit kept in view. */
  compact?: boolean;
}

/**
 * Spec §2 battle create: pick boxes (one per round, repeats allowed, at most 20), seats, the creator's
 * seat and mode, optionally private. Creating pays the entry price, so a confirm step comes first. Shared by the
 * /battle/create pages and the battle-open overlay.
 */
export function BattleCreateForm({ mode, sourceCode = '', onCreated, compact = false }: BattleCreateFormProps) {
  const t = useT();
  const money = useMoney();
  const navigate = useNavigate();
  const themes = useBattleThemes();
  const source = useBattleDetail(sourceCode);
  const create = useCreateBattle();
  // The page and the overlay may both be mounted (the overlay opened over /battle/create).
  const pickedId = useId();

  const [picks, setPicks] = useState<readonly PickedBox[]>([]);
  const [seats, setSeats] = useState<number>(2);
  // The creator's seat (battle/create pos); fewer players than the chosen seat moves it to the last one.
  const [wantedPos, setWantedPos] = useState<number>(1);
  const creatorPos = Math.min(wantedPos, seats);
  const [modeCode, setModeCode] = useState<number>(mode === 'reverse' ? 1 : 0);
  const [isPrivate, setPrivate] = useState(false);
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  // Preset once per source battle; adjusting state while rendering avoids a flash of the empty form.
  const [presetFrom, setPresetFrom] = useState('');
  if (source.data && themes.data && presetFrom !== source.data.battleCode) {
    setPresetFrom(source.data.battleCode);
    setPicks(picksOf(source.data, themes.data).slice(0, BATTLE_MAX_BOXES));
    setSeats(source.data.countCustomer);
    setModeCode(source.data.mode);
  }

  const total = totalFen(picks);
  const passwordOk = !isPrivate || (password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX);
  const canCreate = picks.length > 0 && passwordOk && !create.isPending;

  const submit = () =>
    create.mutate(
      {
        boxIds: picks.map((p) => p.boxId),
        countCustomer: seats,
        mode: modeCode,
        pos: creatorPos,
        ...(isPrivate ? { password } : {}),
      },
      {
        onSuccess: (battle) => {
          toast.success(t('battle.create.created'));
          setConfirming(false);
          const query = isPrivate ? `?password=${encodeURIComponent(password)}` : '';
          if (onCreated) onCreated(battle, query);
          else void navigate(`${battleBasePath(mode)}/${battle.battleCode}${query}`);
        },
        // The client already toasted the server's reason (not enough coins, box gone, …).
        onError: () => setConfirming(false),
      },
    );

  if (themes.isPending || (sourceCode !== '' && source.isPending)) return <PageFallback />;
  if (themes.isError) return <EmptyState message={t('battle.create.themesFailed')} />;
  return (
    <div className={`flex flex-col ${compact ? 'gap-4' : 'gap-6'}`} data-testid="battle-create">
      {sourceCode !== '' && source.isError ? (
        <p className="text-sm text-slate-400" role="status">
          {t('battle.create.presetFailed')}
        </p>
      ) : null}
      <BoxPicker
        themes={themes.data}
        picks={picks}
        onAdd={(box) => setPicks((now) => addPick(now, box))}
        onRemove={(boxId) => setPicks((now) => removeLastPick(now, boxId))}
        compact={compact}
      />

      <section className={`flex flex-col gap-2 rounded-lg p-4 ${compact ? 'bg-surface' : 'bg-panel'}`} aria-labelledby={pickedId}>
        <div className="flex flex-wrap items-center gap-3">
          <h2 id={pickedId} className="text-sm text-slate-300">
            {t('battle.boxes')}{' '}
            <span data-testid="picked-count">
              {picks.length}/{BATTLE_MAX_BOXES}
            </span>
          </h2>
          {picks.length >= BATTLE_MAX_BOXES ? (
            <span className="text-xs text-accent-orange" role="status">
              {t('battle.create.full', { max: BATTLE_MAX_BOXES })}
            </span>
          ) : null}
          <span className="ml-auto flex items-baseline gap-1 text-sm text-slate-400">
            {t('battle.entry')}
            <span data-testid="picked-total">
              <Price fen={total} className="text-lg font-bold text-accent-orange" />
            </span>
          </span>
          {picks.length > 0 ? (
            <button type="button" className="text-xs text-slate-400 underline hover:text-white" onClick={() => setPicks([])}>
              {t('battle.create.clear')}
            </button>
          ) : null}
        </div>
        {picks.length === 0 ? (
          <p className="text-sm text-slate-500">{t('battle.create.none')}</p>
        ) : (
          <ol className="flex flex-wrap gap-2">
            {picks.map((pick, index) => (
              <li
                key={`${index}-${pick.boxId}`}
                className="flex items-center gap-2 rounded-md bg-panel-2 py-1 pl-1 pr-2 text-xs text-slate-200"
                data-testid="picked-box"
              >
                <span className="text-slate-500">{index + 1}</span>
                <ItemImage src={pick.boxImage} name={pick.boxName} grade={3} className="size-8" />
                <span className="line-clamp-1 max-w-28" data-testid="picked-name">
                  {pick.boxName}
                </span>
                <button
                  type="button"
                  className="px-1 text-slate-400 hover:text-white"
                  onClick={() => setPicks((now) => removePickAt(now, index))}
                  aria-label={t('battle.create.removeRound', { round: index + 1, name: pick.boxName })}
                >
                  ×
                </button>
              </li>
            ))}
          </ol>
        )}
      </section>

      <div className={compact ? 'flex flex-col gap-3' : 'flex flex-wrap items-center gap-6'}>
        <div className="flex items-center gap-3 text-sm text-slate-400">
          {t('battle.create.seats')}
          <Segmented
            label={t('battle.create.seats')}
            options={seatChoices.map((value) => ({
              value,
              label: t('battle.create.seatCount', { count: value }),
            }))}
            value={seats}
            onChange={setSeats}
            size="sm"
            testId="create-seats"
          />
        </div>
        <div className="flex items-center gap-3 text-sm text-slate-400">
          {t('battle.create.myPos')}
          <Segmented
            label={t('battle.create.myPos')}
            options={Array.from({ length: seats }, (_, i) => ({ value: i + 1, label: t('battle.create.posLabel', { pos: i + 1 }) }))}
            value={creatorPos}
            onChange={setWantedPos}
            size="sm"
            testId="create-pos"
          />
        </div>
        <div className="flex items-center gap-3 text-sm text-slate-400">
          {t('battle.create.mode')}
          <Segmented
            label={t('battle.create.mode')}
            options={modeChoices.map((value) => ({ value, label: t(modeLabel(value)) }))}
            value={modeCode}
            onChange={setModeCode}
            size="sm"
            testId="create-mode"
          />
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-300">
          <input type="checkbox" checked={isPrivate} onChange={(e) => setPrivate(e.target.checked)} data-testid="create-private" />
          {t('battle.create.private')}
        </label>
        {isPrivate ? (
          <label className="flex items-center gap-2 text-sm text-slate-400">
            {t('battle.password')}
            <input
              type="password"
              value={password}
              minLength={PASSWORD_MIN}
              maxLength={PASSWORD_MAX}
              onChange={(e) => setPassword(e.target.value)}
              placeholder={t('battle.create.passwordHint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
              className={`rounded-lg border border-line bg-panel-2 px-3 py-1.5 text-white ${compact ? 'min-w-0 flex-1' : ''}`}
              data-testid="create-password"
            />
          </label>
        ) : null}
      </div>

      {/* In the overlay the boxes scroll; the button with the price stays at the panel's bottom edge. */}
      <div className={compact ? 'sticky bottom-0 flex bg-panel pt-2' : 'flex justify-end'}>
        <button
          type="button"
          className={`rounded-lg bg-accent-red px-6 py-2 font-semibold text-black hover:brightness-110 disabled:opacity-50 ${compact ? 'w-full' : ''}`}
          disabled={!canCreate}
          onClick={() => requireLogin() && setConfirming(true)}
          data-testid="create-submit"
        >
          {t('battle.create.submit')} · {money(total)}
        </button>
      </div>

      {confirming ? (
        <ConfirmDialog
          title={t('battle.create.confirmTitle')}
          confirmLabel={t('battle.joinConfirm')}
          onConfirm={submit}
          onCancel={() => setConfirming(false)}
          busy={create.isPending}
          testId="create-confirm"
        >
          <p data-testid="create-confirm-text">
            {t('battle.create.confirmText', {
              amount: money(total),
              rounds: picks.length,
              seats,
              mode: t(modeLabel(modeCode)),
            })}
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
