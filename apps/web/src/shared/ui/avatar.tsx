/** A round avatar; the first letter of the name when there is no picture (or it fails to load). */
import { useState } from 'react';

export function Avatar({ src, name, className = 'size-8' }: { src: string | null; name: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (src && !failed) {
    return <img src={src} alt="" onError={() => setFailed(true)} className={`shrink-0 rounded-full bg-panel-2 object-cover ${className}`} />;
  }
  return (
    <span
      aria-hidden="true"
      className={`flex shrink-0 items-center justify-center rounded-full bg-accent-purple/30 font-bold text-accent-purple ${className}`}
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
