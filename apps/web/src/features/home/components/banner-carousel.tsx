import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type TouchEvent } from 'react';
import { Link } from 'react-router';
import { isSafeLink, type Banner } from '@skinfair/contract';
import { prefersReducedMotion } from '../../../shared/reel/reel-math';
import { useT } from '../../../shared/i18n/use-t';
import { useBannerList } from '../api/get-banner-list';

/** How far a finger must travel sideways to count as a swipe, in CSS pixels. */
const SWIPE_PX = 40;
const gradients = ['from-orange-600/80 to-fuchsia-800/80', 'from-cyan-700/80 to-indigo-800/80', 'from-emerald-700/80 to-sky-800/80'];

function BannerLink({ url, children, tabbable }: { url: string; children: ReactNode; tabbable: boolean }) {
  const className =
    'relative flex h-full w-full items-center overflow-hidden rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-cyan';
  const tabIndex = tabbable ? 0 : -1;
  if (url.startsWith('/')) {
    return (
      <Link to={url} className={className} tabIndex={tabIndex}>
        {children}
      </Link>
    );
  }
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={className} tabIndex={tabIndex}>
      {children}
    </a>
  );
}

function Slide({ banner, index, total, active }: { banner: Banner; index: number; total: number; active: boolean }) {
  const t = useT();
  const [imageFailed, setImageFailed] = useState(false);
  // The alt text usually says what the title says and more; then the title is not read twice.
  const titleInAlt = banner.alt.includes(banner.title);
  return (
    <div
      role="group"
      aria-roledescription={t('content.banner.slide')}
      aria-label={t('content.banner.position', { n: index + 1, total })}
      aria-hidden={!active}
      inert={!active}
      className="h-full w-full shrink-0"
      data-testid="banner-slide"
      data-active={active}
    >
      <BannerLink url={banner.url} tabbable={active}>
        <span aria-hidden="true" className={`absolute inset-0 bg-gradient-to-r ${gradients[index % gradients.length]}`} />
        {banner.image && !imageFailed ? (
          <img
            src={banner.image}
            alt={banner.alt}
            onError={() => setImageFailed(true)}
            className="absolute end-4 top-1/2 h-4/5 -translate-y-1/2 object-contain opacity-90"
          />
        ) : (
          <span className="sr-only">{titleInAlt ? banner.alt : ''}</span>
        )}
        <span
          aria-hidden={titleInAlt}
          className="relative z-10 max-w-[60%] px-6 text-xl font-bold text-white drop-shadow md:px-10 md:text-3xl"
        >
          {banner.title}
        </span>
      </BannerLink>
    </div>
  );
}

/**
 * The home carousel (WAI-ARIA carousel pattern): previous, next, pause and a button per banner; arrow keys
 * anywhere in it; a sideways swipe. It advances on its own every `intervalMs` unless the viewer prefers
 * reduced motion, pressed pause, or is pointing at or focused inside it.
 */
export function BannerCarousel({ banners, intervalMs = 6000 }: { banners: Banner[]; intervalMs?: number }) {
  const t = useT();
  const id = useId();
  const slides = banners.filter((b) => isSafeLink(b.url));
  const total = slides.length;
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const touchX = useRef<number | null>(null);
  const current = total ? index % total : 0;
  const go = (to: number) => setIndex(((to % total) + total) % total);
  const rotating = playing && !hovered && !focused && total > 1;

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % total), intervalMs);
    return () => clearInterval(timer);
  }, [rotating, total, intervalMs]);

  if (total === 0) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(current + 1);
    else if (event.key === 'ArrowLeft') go(current - 1);
    else return;
    event.preventDefault();
  };
  const onTouchStart = (event: TouchEvent) => {
    touchX.current = event.changedTouches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchX.current;
    const end = event.changedTouches[0]?.clientX;
    touchX.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
    go(end < start ? current + 1 : current - 1);
  };
  const control =
    'flex size-9 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-accent-cyan';

  return (
    // The section only hears keys bubbling from its own buttons and links (WAI-ARIA carousel: arrows change
    // the slide wherever focus is inside); it takes no focus and no clicks itself.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      aria-roledescription={t('content.banner.roledesc')}
      aria-label={t('content.banner.region')}
      className="relative"
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      data-testid="banner-carousel"
    >
      <div
        id={`${id}-slides`}
        aria-live={rotating ? 'off' : 'polite'}
        className="h-36 overflow-hidden rounded-xl md:h-48"
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
      >
        <div
          className="flex h-full motion-safe:transition-transform motion-safe:duration-500"
          style={{ transform: `translateX(-${current * 100}%)` }}
        >
          {slides.map((banner, i) => (
            <Slide key={banner.id} banner={banner} index={i} total={total} active={i === current} />
          ))}
        </div>
      </div>
      {total > 1 ? (
        <div className="absolute bottom-2 end-2 z-20 flex items-center gap-1.5">
          <button
            type="button"
            className={control}
            onClick={() => setPlaying((p) => !p)}
            aria-label={t(playing ? 'content.banner.pause' : 'content.banner.play')}
          >
            <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
          </button>
          <button
            type="button"
            className={control}
            onClick={() => go(current - 1)}
            aria-controls={`${id}-slides`}
            aria-label={t('content.banner.prev')}
          >
            <span aria-hidden="true">‹</span>
          </button>
          {slides.map((banner, i) => (
            <button
              key={banner.id}
              type="button"
              onClick={() => go(i)}
              aria-controls={`${id}-slides`}
              aria-label={t('content.banner.position', { n: i + 1, total })}
              aria-current={i === current}
              className="flex size-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-accent-cyan"
            >
              <span aria-hidden="true" className={`block size-2.5 rounded-full ${i === current ? 'bg-white' : 'bg-white/40'}`} />
            </button>
          ))}
          <button
            type="button"
            className={control}
            onClick={() => go(current + 1)}
            aria-controls={`${id}-slides`}
            aria-label={t('content.banner.next')}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** The banners scheduled now in the viewer's language; nothing at all while loading, failed or empty. */
export function HomeBanners() {
  const banners = useBannerList().data;
  return banners?.length ? <BannerCarousel banners={banners} /> : null;
}
