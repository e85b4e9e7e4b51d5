import { useState } from 'react';
import { gradeColours } from '@skinfair/contract';

interface ItemImageProps {
  src: string | null | undefined;
  name: string;
  grade: number;
  className?: string;
}

export const gradeColour = (grade: number): string => gradeColours[grade] ?? gradeColours[3];

/**
 * An item picture with a local fallback: when the image is missing or fails to load, a box tinted by
 * the grade colour shows the item name instead (never depends on the image host answering).
 */
export function ItemImage({ src, name, grade, className = 'size-16' }: ItemImageProps) {
  const [failed, setFailed] = useState(false);
  const colour = gradeColour(grade);
  if (!src || failed) {
    return (
      <span
        role="img"
        aria-label={name}
        className={`flex items-center justify-center overflow-hidden rounded-md p-1 text-center text-[10px] leading-tight text-white/90 ${className}`}
        style={{
          background: `linear-gradient(160deg, ${colour}55, #171a23 80%)`,
          borderBottom: `2px solid ${colour}`,
        }}
      >
        <span className="line-clamp-3 break-all">{name}</span>
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={name}
      loading="lazy"
      onError={() => setFailed(true)}
      className={`rounded-md object-contain ${className}`}
      style={{ background: `linear-gradient(160deg, ${colour}33, transparent 80%)` }}
    />
  );
}
