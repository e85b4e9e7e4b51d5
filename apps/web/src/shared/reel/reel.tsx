import { useEffect, useRef, useState } from 'react';
import { gradeColour } from '../ui/item-image';
import { CARD_GAP, CARD_WIDTH, cardIndexAt, landingOffset, offsetAt, WIN_INDEX, type StripCard } from './reel-math';
import { ItemFace, type ItemFaceLook } from '../ui/item-face';

const cardLook: ItemFaceLook = {
  image: 'h-20 w-full',
  name: 'w-full truncate text-center text-[11px]',
  price: 'text-[11px] font-semibold text-accent-orange',
};

interface ReelProps {
  cards: StripCard[];
  durationMs: number;
  /** Cosmetic offset inside the won card (px), see landingJitter. */
  jitter: number;
  onDone: () => void;
  /** Called each time a new card passes the marker (the tick sound). */
  onTick?: () => void;
  label: string;
  /** A watcher who arrives mid-run starts this far into it, so every watcher's strip is in step. */
  elapsedAtMount?: number;
  /** Height of the strip; narrow battle seats use a smaller one. */
  compact?: boolean;
}

/**
 * One horizontal strip that scrolls and decelerates until the card at WIN_INDEX sits under the centre
 * marker. Driven by requestAnimationFrame (not a CSS transition) so ticks follow the cards exactly.
 */
export function Reel({ cards, durationMs, jitter, onDone, onTick, label, elapsedAtMount = 0, compact = false }: ReelProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const strip = useRef<HTMLDivElement>(null);
  const [done, setDone] = useState(false);
  const callbacks = useRef({ onDone, onTick });
  // Read once when the run starts: a later render must not move a running strip.
  const skip = useRef(elapsedAtMount);
  useEffect(() => {
    callbacks.current = { onDone, onTick };
  });

  useEffect(() => {
    const width = viewport.current?.clientWidth ?? 0;
    const target = landingOffset(WIN_INDEX, width, jitter);
    let lastIndex = cardIndexAt(0, width);
    let start: number | null = null;
    let frame = 0;
    const step = (now: number) => {
      start ??= now - Math.max(0, skip.current);
      const elapsed = now - start;
      const x = offsetAt(elapsed, durationMs, target);
      if (strip.current) strip.current.style.transform = `translate3d(${-x}px, 0, 0)`;
      const index = cardIndexAt(x, width);
      if (index !== lastIndex) {
        lastIndex = index;
        callbacks.current.onTick?.();
      }
      if (elapsed >= durationMs) {
        setDone(true);
        callbacks.current.onDone();
        return;
      }
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [durationMs, jitter]);

  return (
    <div
      ref={viewport}
      role="img"
      aria-label={label}
      data-testid="reel"
      data-state={done ? 'done' : 'spinning'}
      data-duration-ms={durationMs}
      className={`relative ${compact ? 'h-40' : 'h-44'} overflow-hidden rounded-xl border border-line bg-gradient-to-b from-panel-2 to-panel`}
    >
      <div ref={strip} className="absolute inset-y-0 left-0 flex items-center will-change-transform" style={{ gap: CARD_GAP }} dir="ltr">
        {cards.map((card, index) => {
          const colour = gradeColour(card.grade);
          const won = done && index === WIN_INDEX;
          return (
            <div
              key={card.key}
              data-testid={index === WIN_INDEX ? 'reel-win' : undefined}
              className={`flex h-36 shrink-0 flex-col items-center justify-between rounded-lg border bg-panel p-2 transition-transform duration-300 ${won ? 'scale-105 border-white/60 shadow-[0_0_24px_rgba(255,255,255,0.25)]' : 'border-line'}`}
              style={{ width: CARD_WIDTH, borderBottomColor: colour, borderBottomWidth: 3 }}
            >
              <ItemFace image={card.image} name={card.name} grade={card.grade} fen={card.price} look={cardLook} graded />
            </div>
          );
        })}
      </div>
      {/* The marker: the card under it when the strip stops is the won item. */}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 left-1/2 w-0.5 -translate-x-1/2 bg-accent-orange shadow-[0_0_12px_#f97316]"
      />
      <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-0 w-16 bg-gradient-to-r from-panel to-transparent" />
      <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-0 w-16 bg-gradient-to-l from-panel to-transparent" />
    </div>
  );
}
