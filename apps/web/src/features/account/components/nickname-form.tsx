import { useState, type FormEvent } from 'react';
import { toast } from '../../../shared/ui/toast';
import { nicknameSchema } from '@skinfair/contract';
import { Button, TextField } from '../../../shared/forms/fields';
import { useValidate } from '../../../shared/forms/use-validate';
import { useT } from '../../../shared/i18n/use-t';
import { useModifyNickname } from '../api/modify-nickname';

export function NicknameForm({ current, done }: { current: string; done: () => void }) {
  const t = useT();
  const validate = useValidate();
  const [nickname, setNickname] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const modify = useModifyNickname();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = validate(nicknameSchema, nickname);
    setError(next);
    if (next) return;
    modify.mutate(
      { nickname: nickname.trim() },
      {
        onSuccess: () => {
          toast.success(t('account.saved'));
          done();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-3">
      {/* Shown when the player presses "edit" (or follows a link to it): focus goes to the field they asked for. */}
      {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
      <TextField label={t('account.nickname')} value={nickname} onChange={setNickname} error={error} maxLength={16} autoFocus />
      <Button type="submit" pending={modify.isPending} className="self-start">
        {t('account.save')}
      </Button>
    </form>
  );
}
