import { create } from 'zustand';
import { openOverlay } from './overlay-store';

/** Which catalogue item the skin overlay shows (spec §2 overlay "skin"); any feature may open it. */
interface SkinOverlayState {
  itemId: number | null;
  open: (itemId: number) => void;
}

export const useSkinOverlayStore = create<SkinOverlayState>()((set) => ({
  itemId: null,
  open: (itemId) => {
    set({ itemId });
    openOverlay('skin');
  },
}));

export const openSkin = (itemId: number) => useSkinOverlayStore.getState().open(itemId);
