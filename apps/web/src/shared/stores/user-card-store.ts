import { create } from 'zustand';
import { openOverlay } from './overlay-store';

/**
 * Which player the user info overlay shows. Shared because the openers (live feed, battle ranking) and
 * the overlay are different features, which may not import each other.
 */
interface UserCardState {
  userId: number | null;
  open: (userId: number) => void;
}

export const useUserCardStore = create<UserCardState>()((set) => ({
  userId: null,
  open: (userId) => {
    set({ userId });
    openOverlay('userInfo');
  },
}));

export const openUserCard = (userId: number) => useUserCardStore.getState().open(userId);
