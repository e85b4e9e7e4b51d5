import { useRef, useState } from 'react';
import { toast } from '../../../shared/ui/toast';
import { Button, FieldError } from '../../../shared/forms/fields';
import { IMAGE_ACCEPT, isAcceptableImage } from '../../../shared/forms/image-file';
import { catalogueText } from '../../../shared/forms/validate';
import { withImageHost } from '../../../shared/format/image-url';
import { useLocaleStore } from '../../../shared/i18n/locale-store';
import { useT } from '../../../shared/i18n/use-t';
import { useHeadPicList } from '../api/get-head-pic-list';
import { usePickAvatar } from '../api/pick-avatar';
import { useUploadAvatar } from '../api/upload-avatar';

/** Stock avatars (spec §5: one must be chosen before confirming) or an uploaded JPG/PNG/WEBP ≤ 2 MB. */
export function AvatarForm({ done }: { done: () => void }) {
  const t = useT();
  const locale = useLocaleStore((s) => s.locale);
  const pics = useHeadPicList(true);
  const [picked, setPicked] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const pick = usePickAvatar();
  const upload = useUploadAvatar();

  const saved = () => {
    toast.success(t('account.avatarSaved'));
    done();
  };

  const confirm = () => {
    if (!picked) {
      setError(catalogueText('AVATAR_REQUIRED', locale));
      return;
    }
    setError(null);
    pick.mutate({ avatar: picked }, { onSuccess: saved });
  };

  const onFile = (file: File | undefined) => {
    if (!file) return;
    if (!isAcceptableImage(file)) {
      setError(catalogueText('IMAGE_INVALID', locale));
      return;
    }
    setError(null);
    upload.mutate(file, { onSuccess: saved });
  };

  return (
    <div className="flex flex-col gap-3">
      <div role="radiogroup" aria-label={t('account.avatarPick')} className="grid grid-cols-5 gap-2 sm:grid-cols-8">
        {(pics.data ?? []).map((path) => (
          <button
            key={path}
            type="button"
            role="radio"
            aria-checked={picked === path}
            onClick={() => setPicked(path)}
            className={`aspect-square overflow-hidden rounded-full border-2 ${picked === path ? 'border-accent-orange' : 'border-transparent hover:border-line'}`}
          >
            <img src={withImageHost(path)} alt="" className="size-full object-cover" loading="lazy" />
          </button>
        ))}
      </div>
      <FieldError message={error} />
      <div className="flex flex-wrap gap-2">
        <Button onClick={confirm} pending={pick.isPending}>
          {t('account.avatarConfirm')}
        </Button>
        <Button variant="secondary" onClick={() => fileInput.current?.click()} pending={upload.isPending}>
          {t('account.avatarUpload')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_ACCEPT}
          className="hidden"
          aria-label={t('account.avatarUpload')}
          onChange={(event) => {
            onFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      <p className="text-xs text-slate-500">{catalogueText('IMAGE_INVALID', locale)}</p>
    </div>
  );
}
