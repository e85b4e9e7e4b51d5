import { beforeEach, describe, expect, it } from 'vitest';
import { loginPanels, useOverlayStore } from './overlay-store';

const openNames = () =>
  Object.entries(useOverlayStore.getState().open)
    .filter(([, open]) => open)
    .map(([name]) => name)
    .sort();

describe('overlay store (spec §2)', () => {
  beforeEach(() => useOverlayStore.getState().closeAll());

  it('opening a login-type panel closes the other login-type panels', () => {
    const { openOverlay } = useOverlayStore.getState();
    openOverlay('login');
    openOverlay('register');
    expect(openNames()).toEqual(['register']);
    openOverlay('smsLogin');
    openOverlay('steamLogin');
    openOverlay('findPassword');
    expect(openNames()).toEqual(['findPassword']);
  });

  it('every login-type panel is exclusive with every other', () => {
    for (const first of loginPanels) {
      for (const second of loginPanels) {
        useOverlayStore.getState().closeAll();
        useOverlayStore.getState().openOverlay(first);
        useOverlayStore.getState().openOverlay(second);
        expect(openNames()).toEqual([second]);
      }
    }
  });

  it('other overlays stay open next to a login panel', () => {
    const { openOverlay } = useOverlayStore.getState();
    openOverlay('language');
    openOverlay('publicNotice');
    openOverlay('login');
    expect(openNames()).toEqual(['language', 'login', 'publicNotice']);
  });

  it('toggle opens with exclusivity and closes on the second call', () => {
    const { openOverlay, toggleOverlay } = useOverlayStore.getState();
    openOverlay('login');
    toggleOverlay('register');
    expect(openNames()).toEqual(['register']);
    toggleOverlay('register');
    expect(openNames()).toEqual([]);
  });
});
