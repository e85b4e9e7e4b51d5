import { useEffect, useState } from 'react';
import { toast } from '../ui/toast';
import { catalogueText } from '../forms/validate';
import { Spinner, TextField } from '../forms/fields';
import { useLocaleStore } from '../i18n/locale-store';
import { useT } from '../i18n/use-t';
import { useSendMailCode } from './api/send-mail-code';
import { useSendSmsCode } from './api/send-sms-code';
import { useSendUserSmsCode } from './api/send-user-sms-code';
import { SandboxPeek } from './sandbox-peek';
import { SliderCaptcha } from './slider-captcha';
import { useCountdown } from './use-countdown';
import type { CodeSender } from './code-sender';

/**
 * The server allows one code per target every 60 s, whichever panel asked. Remembering when each
 * target's countdown ends lets a second panel (register → SMS login) start with the button still
 * counting down instead of a refusal.
 */
const cooldownEnds = new Map<string, number>();
const targetKey = (sender: CodeSender) =>
  sender.kind === 'sms'
    ? `sms:${sender.phone.trim()}`
    : sender.kind === 'mail'
      ? `mail:${sender.email.trim().toLowerCase()}`
      : `user:${sender.type}`;

interface CodeFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  sender: CodeSender;
  id?: string;
  name?: string;
}

/**
 * A code input with its "get code" button. SMS sends and mail to a new address open the slider first,
 * every time (its token is single use, spec §5; issue 24 §8); a security code to the account's own
 * address goes without. A sent code starts the resend countdown (spec §4) and toasts "验证码已发送".
 * In the sandbox a link shows the code the fake provider received.
 */
export function CodeField({ label, value, onChange, error, sender, id, name }: CodeFieldProps) {
  const t = useT();
  const locale = useLocaleStore((s) => s.locale);
  const countdown = useCountdown();
  const [sliderOpen, setSliderOpen] = useState(false);
  const sms = useSendSmsCode();
  const userSms = useSendUserSmsCode();
  const mail = useSendMailCode();
  const pending = sms.isPending || userSms.isPending || mail.isPending;
  const key = targetKey(sender);
  const { start } = countdown;

  useEffect(() => {
    const left = Math.ceil(((cooldownEnds.get(key) ?? 0) - Date.now()) / 1000);
    if (left > 0) start(left);
  }, [key, start]);

  const onSent = ({ countdown: seconds }: { countdown: number }) => {
    cooldownEnds.set(key, Date.now() + seconds * 1000);
    countdown.start(seconds);
    toast.success(catalogueText('SMS_SENT', locale), { id: 'sms-sent' });
  };

  const request = () => {
    if (sender.kind === 'mail' && sender.type === 'security') {
      if (!sender.checkTarget()) return;
      mail.mutate({ email: sender.email.trim(), type: 'security' }, { onSuccess: onSent });
      return;
    }
    if (sender.kind !== 'userSms' && !sender.checkTarget()) return;
    setSliderOpen(true);
  };

  const onPassed = (captchaVerification: string) => {
    setSliderOpen(false);
    if (sender.kind === 'sms') {
      sms.mutate({ phone: sender.phone.trim(), type: sender.type, captchaVerification }, { onSuccess: onSent });
    } else if (sender.kind === 'mail') {
      mail.mutate({ email: sender.email.trim(), type: sender.type, captchaVerification }, { onSuccess: onSent });
    } else if (sender.kind === 'userSms') {
      userSms.mutate({ type: sender.type, captchaVerification }, { onSuccess: onSent });
    }
  };

  const waiting = countdown.seconds > 0;
  const button = (
    <button
      type="button"
      onClick={request}
      disabled={pending || waiting}
      data-testid="send-code"
      className="inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-lg border border-accent-orange px-3 text-sm text-accent-orange hover:bg-accent-orange/10 disabled:cursor-not-allowed disabled:border-line disabled:text-slate-500 disabled:hover:bg-transparent"
    >
      {pending ? <Spinner /> : null}
      {waiting ? t('sms.resendIn', { seconds: countdown.seconds }) : t('sms.get')}
    </button>
  );

  return (
    <>
      <TextField
        label={label}
        value={value}
        onChange={(next) => onChange(next.replace(/\D/g, '').slice(0, 6))}
        error={error}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={t('sms.placeholder')}
        addon={button}
        below={<SandboxPeek sender={sender} onUse={onChange} />}
        {...(id ? { id } : {})}
        {...(name ? { name } : {})}
      />
      {sliderOpen ? <SliderCaptcha onPassed={onPassed} onClose={() => setSliderOpen(false)} /> : null}
    </>
  );
}
