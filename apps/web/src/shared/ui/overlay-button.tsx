import type { ReactNode } from 'react';
import { useOverlayStore, type OverlayName } from '../stores/overlay-store';

interface OverlayButtonProps {
  overlay: OverlayName;
  /** Called first, when the button hands over from the panel or menu it sits in (which closes). */
  closing?: () => void;
  className: string;
  children: ReactNode;
  ariaLabel?: string;
  testId?: string;
}

/** A button that opens one of the site's overlays (spec §2): the login panels, the recharge, the menus. */
export function OverlayButton({ overlay, closing, className, children, ariaLabel, testId }: OverlayButtonProps) {
  const openOverlay = useOverlayStore((s) => s.openOverlay);
  const open = () => {
    closing?.();
    openOverlay(overlay);
  };
  return (
    <button type="button" onClick={open} className={className} aria-label={ariaLabel} data-testid={testId}>
      {children}
    </button>
  );
}
