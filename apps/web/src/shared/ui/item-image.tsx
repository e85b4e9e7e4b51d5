import { useState } from 'react';
import { gradeColours } from '@skinfair/contract';

interface ItemImageProps {
  src: string | null | undefined;
  name: string;
  grade: number;
  className?: string;
}

/**
 * The grade colours of api-shapes §6 as the web draws them. Item names are written in them at 12 px on the
 * panels, so the red (#ed3838, 3.9:1 on --color-panel-2) is lifted to #f26b6b (5.3:1); the others pass as
 * they are (docs/decisions/0031-accessibility.md).
 */
const readableGradeColours: readonly string[] = gradeColours.map((c) => (c === '#ed3838' ? '#f26b6b' : c));
export const gradeColour = (grade: number): string => readableGradeColours[grade] ?? readableGradeColours[3]!;

/**
 * An item picture with a local fallback: until the image has loaded, and for good when it is missing or
 * fails, a box tinted by the grade colour shows the item name instead (never depends on the image host
 * answering, nor on how long it takes).
 */
export function ItemImage({ src, name, grade, className = 'size-16' }: ItemImageProps) {
  const [loaded, setLoaded] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const colour = gradeColour(grade);
  if (src && loaded === src) {
    return (
      <img
        src={src}
        alt={name}
        onError={() => setFailed(src)}
        className={`rounded-md object-contain ${className}`}
        style={{ background: `linear-gradient(160deg, ${colour}33, transparent 80%)` }}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={name}
      className={`relative flex items-center justify-center overflow-hidden rounded-md p-1 text-center text-[10px] leading-tight text-white/90 ${className}`}
      style={{
        background: `linear-gradient(160deg, ${colour}55, #171a23 80%)`,
        borderBottom: `2px solid ${colour}`,
      }}
    >
      <span className="line-clamp-3 break-all">{name}</span>
      {src && failed !== src ? (
        // Loads out of sight; the picture replaces the name once it has arrived.
        <img
          src={src}
          alt=""
          aria-hidden="true"
          loading="lazy"
          onLoad={() => setLoaded(src)}
          onError={() => setFailed(src)}
          className="absolute inset-0 size-full opacity-0"
        />
      ) : null}
    </span>
  );
}
