import { useEffect, useId, useState } from 'react';
import { useT } from '../../../shared/i18n/use-t';

/** The keyword the lists search for, settled a moment after typing stops (one request per pause, not per key). */
export function useSettledKeyword(delayMs = 250) {
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(input.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [input, delayMs]);
  return { input, setInput, keyword };
}

/** A labelled search field for the help and support pages; Enter searches at once, Esc clears. */
export function DocumentSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = useT();
  const id = useId();
  return (
    <form role="search" onSubmit={(e) => e.preventDefault()} className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm text-slate-300">
        {t('content.search.label')}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        maxLength={50}
        placeholder={t('content.search.placeholder')}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && value) {
            e.stopPropagation();
            onChange('');
          }
        }}
        className="w-full max-w-md rounded-lg border border-line bg-panel-2 px-3 py-2 text-white placeholder:text-slate-400 focus:border-accent-cyan focus:outline-none"
        data-testid="document-search"
      />
    </form>
  );
}
