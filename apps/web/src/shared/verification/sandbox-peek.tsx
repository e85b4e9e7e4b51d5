import { useState } from 'react';
import { useSysConfig } from '../api/common-queries';
import { useT } from '../i18n/use-t';
import { fetchMailOutbox, fetchSmsOutbox, type OutboxEntry } from './api/get-sandbox-outbox';
import type { CodeSender } from './code-sender';

/**
 * Sandbox only (sysConfig.sandbox): reads the fake provider's outbox and shows the newest code, clearly
 * labelled as the test environment, with a button to fill it in. Never rendered in production.
 */
export function SandboxPeek({ sender, onUse }: { sender: CodeSender; onUse: (code: string) => void }) {
  const t = useT();
  const sandbox = useSysConfig().data?.sandbox ?? false;
  const [state, setState] = useState<{ loading: boolean; entry: OutboxEntry | null; shown: boolean }>({
    loading: false,
    entry: null,
    shown: false,
  });
  if (!sandbox) return null;
  const isMail = sender.kind === 'mail';

  const peek = async () => {
    if (sender.kind !== 'userSms' && !sender.checkTarget()) return;
    setState({ loading: true, entry: null, shown: true });
    try {
      const list =
        sender.kind === 'mail'
          ? await fetchMailOutbox(sender.email.trim())
          : await fetchSmsOutbox(sender.kind === 'sms' ? sender.phone.trim() : undefined);
      setState({ loading: false, entry: list[0] ?? null, shown: true });
    } catch {
      setState({ loading: false, entry: null, shown: true });
    }
  };

  return (
    <div className="relative">
      <button type="button" onClick={() => void peek()} className="text-xs text-accent-cyan hover:underline" data-testid="sandbox-peek">
        {isMail ? t('sandbox.peekMail') : t('sandbox.peekSms')}
      </button>
      {state.shown ? (
        <div
          role="status"
          className="absolute start-0 top-6 z-10 w-64 rounded-lg border border-dashed border-accent-cyan bg-panel-2 p-3 text-xs text-slate-200 shadow-xl"
        >
          <div className="mb-1 flex items-center justify-between">
            <span className="rounded bg-accent-cyan/20 px-1.5 py-0.5 font-semibold text-accent-cyan">{t('sandbox.label')}</span>
            <button
              type="button"
              onClick={() => setState((s) => ({ ...s, shown: false }))}
              aria-label={t('dialog.close')}
              className="text-slate-400 hover:text-white"
            >
              ×
            </button>
          </div>
          {state.loading ? (
            <p>{t('sandbox.loading')}</p>
          ) : state.entry ? (
            <div className="flex items-center justify-between gap-2">
              <span>
                {t('sandbox.latest')} <b className="font-mono text-base text-white">{state.entry.code}</b>
              </span>
              <button
                type="button"
                onClick={() => {
                  if (state.entry) onUse(state.entry.code);
                  setState((s) => ({ ...s, shown: false }));
                }}
                className="rounded bg-accent-cyan px-2 py-1 font-semibold text-black"
              >
                {t('sandbox.use')}
              </button>
            </div>
          ) : (
            <p>{t('sandbox.none')}</p>
          )}
        </div>
      ) : null}
    </div>
  );
}
