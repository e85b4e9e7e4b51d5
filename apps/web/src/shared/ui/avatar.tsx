/** A round avatar; the first letter of the name when there is no picture (or it fails to load). */
import { useState } from 'react';

/**
 * frameColor: a worn avatar frame (virtual goods), drawn as a ring outside the picture. The ring is inset
 * within the element's own box so a header with no spare room never clips it.
 */
export function Avatar({
  src,
  name,
  className = 'size-8',
  frameColor = null,
}: {
  src: string | null;
  name: string;
  className?: string;
  frameColor?: string | null;
}) {
  const [failed, setFailed] = useState(false);
  const frame = frameColor ? { boxShadow: `0 0 0 2px ${frameColor}, 0 0 8px ${frameColor}` } : undefined;
  const framed = frameColor ? 'm-0.5' : '';
  if (src && !failed) {
    return (
      <img
        src={src}
        alt=""
        onError={() => setFailed(true)}
        style={frame}
        data-frame={frameColor ?? undefined}
        className={`shrink-0 rounded-full bg-panel-2 object-cover ${framed} ${className}`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={frame}
      data-frame={frameColor ?? undefined}
      className={`flex shrink-0 items-center justify-center rounded-full bg-accent-purple/30 font-bold text-accent-purple ${framed} ${className}`}
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
